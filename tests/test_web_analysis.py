"""Analyse in the page, in CPython: the analysis's structured round summaries and their
storage round trip (corrupt data is ignored, never a crash), the dialog's state machine
(slices, milestones, cancel, a record that fails), and the dialog's trees — marks named
in words, percentages, a graph with a point per decision, summaries in another language."""

from __future__ import annotations

import json
import re

import pytest
from helpers import a_game, play, position
from vdom_fake import FakeNode, FakePage

from tacocat import GameRecord
from tacocat.ai.analysis import (
    MOVE_WORDS,
    PHASE_WORDS,
    Analysis,
    run_analysis,
    summary_text,
)
from tacocat.ruleset import WOW, YAY
from web.formats.analyses_store import KEEP, AnalysisStore
from web.i18n import catalog as i18n
from web.model.analysis_panel import CHOOSE, DONE, ERROR, RUNNING, Panel
from web.model.session import MODE_AI, MODE_HOTSEAT
from web.render.vdom import Differ
from web.views.analysis_view import analysis, summary

QUICK = {"budget_ms": None, "samples": 8, "replace_rounds": (2, 4)}
CATALOGS = {lang: json.loads((i18n.CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8"))
            for lang in ("en", "et", "eu", "sw", "mr")}


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def blunder_record() -> GameRecord:
    """YAY attacks with its 1 instead of its 12 and loses the round at the showdown."""
    g = position([1, 12], [5, 6], phase="attack", attacker=YAY)
    play(g, (YAY, "A1"), (WOW, "B5"))
    return GameRecord.of(g)


@pytest.fixture(scope="module")
def game_analysis() -> tuple[GameRecord, Analysis]:
    record = a_game()
    return record, run_analysis(record, YAY, **QUICK)


def finished_panel(record: GameRecord, seat: int = YAY, mode: str = MODE_AI,
                   in_replay: bool = False) -> Panel:
    p = Panel(record, mode, YAY, in_replay=in_replay)
    p.begin(seat, **QUICK)
    while p.running:
        p.step()
    return p


def body_of(p: Panel):
    roots = {r.ident: r for r in analysis(p)}
    return roots["analysis-body"].node(), roots


# -- the structured summaries -----------------------------------------------------------------
def test_round_summaries_are_language_free_data(game_analysis):
    _, result = game_analysis
    assert result.rounds
    for r in result.rounds:
        params = r.params
        assert params["round"] == r.round and params["result"] == r.result
        if r.key != "analysis.round_clean":
            assert params["phase"] in PHASE_WORDS
            for name in ("what", "best"):
                assert set(params[name]) == {"move", "cards"}
                assert params[name]["move"] in MOVE_WORDS
        # nothing in the parameters is English text: only numbers, ids and card lists
        words = re.findall(r"[a-z]{3,}", json.dumps(params))
        assert set(words) <= {"round", "result", "drop", "phase", "what", "best", "move",
                              "cards", r.result, *PHASE_WORDS, *MOVE_WORDS}
        assert r.text == summary_text(r.key, params)  # the CLI's English, from the same data


def test_the_cli_text_stays_english():
    (r,) = run_analysis(blunder_record(), YAY, **QUICK).rounds
    assert r.key == "analysis.round_lost_at" and r.params["phase"] == "attack"
    assert r.params["what"] == {"move": "attack", "cards": [1]}
    assert r.text.startswith("You lost round 1 at an attack: attacking with 1 cost you")
    assert r.text.endswith("attacking with 12 was better.")


def test_an_analysis_reads_back_from_its_json(game_analysis):
    _, result = game_analysis
    text = json.dumps(result.to_dict())
    back = Analysis.from_dict(json.loads(text))
    assert back == result and back.graph() == result.graph()


def _mutations(data: dict) -> list[dict]:
    """Ways a stored analysis can be broken, each on a fresh copy."""
    out = []

    def change(fn):
        copy = json.loads(json.dumps(data))
        fn(copy)
        out.append(copy)

    change(lambda d: d.update(seat="NOBODY"))
    change(lambda d: d.update(decisions="many"))
    change(lambda d: d["decisions"][0].update(round_played=1.5))
    change(lambda d: d["decisions"][0].update(round_played=True))
    change(lambda d: d["decisions"][0].update(played="Y:<script>"))
    change(lambda d: d["decisions"][0].update(mark="disaster"))
    change(lambda d: d["decisions"][0].pop("forced"))
    change(lambda d: d["decisions"][0].update(extra=1))
    change(lambda d: d["rounds"][0].update(key="analysis.anything"))
    change(lambda d: d["rounds"][0].update(result="lost-ish"))
    change(lambda d: d["rounds"][0]["params"].update(round=99))
    change(lambda d: d["rounds"][0]["params"].update(phase="nap"))
    change(lambda d: d["rounds"][0]["params"].update(what={"move": "fly", "cards": []}))
    change(lambda d: d["rounds"][0]["params"].update(best={"move": "keep", "cards": ["x"]}))
    change(lambda d: d["rounds"].append(None))
    return out


def test_a_corrupt_analysis_is_refused_with_a_value_error():
    data = run_analysis(blunder_record(), YAY, **QUICK).to_dict()
    broken = _mutations(data)
    assert len(broken) == 15
    for bad in broken:
        with pytest.raises(ValueError, match=r"malformed analysis|not an analysis"):
            Analysis.from_dict(bad)
    for bad in ("[]", "null", '"x"', "7"):
        with pytest.raises(ValueError):
            Analysis.from_dict(json.loads(bad))


# -- storage with the record ------------------------------------------------------------------
def test_the_store_finds_an_analysis_by_its_record_and_seat(game_analysis):
    record, result = game_analysis
    store = AnalysisStore()
    store.put(record, result)
    back = AnalysisStore.from_text(store.to_text())
    assert back.find(record, YAY) == result
    assert back.find(record, WOW) is None  # the other seat was not analysed
    assert back.find(blunder_record(), YAY) is None  # another game
    back.put(record, result)  # again: replaces, does not pile up
    assert len(back.entries) == 1


def test_the_store_keeps_the_latest_few():
    store = AnalysisStore()
    small = run_analysis(blunder_record(), YAY, **QUICK)
    records = [GameRecord(s, [], blunder_record().ruleset) for s in range(KEEP + 3)]
    for r in records:
        store.put(r, small)
    assert len(store.entries) == KEEP
    assert store.find(records[0], YAY) is None and store.find(records[-1], YAY) == small


def test_a_corrupt_stored_entry_is_dropped_and_recomputed():
    record = blunder_record()
    store = AnalysisStore()
    store.put(record, run_analysis(record, YAY, **QUICK))
    data = json.loads(store.to_text())
    data["entries"][0]["analysis"]["decisions"][0]["round_best"] = "a lot"
    back = AnalysisStore.from_text(json.dumps(data))
    assert back.find(record, YAY) is None and back.entries == []
    p = Panel(record, MODE_AI, YAY)
    p.begin(YAY, back.find(record, YAY), **QUICK)
    assert p.running and p.state == RUNNING  # computed again


@pytest.mark.parametrize("text", [
    "", "{", "[]", '{"format": "tacocat-analyses", "version": 2, "entries": []}',
    '{"format": "tacocat-analyses", "version": 1, "entries": [{"seat": 0}]}',
    '{"format": "tacocat-analyses", "version": 1, "entries": "x"}',
    '{"format": "other", "version": 1, "entries": []}', "[" * 10_000,
])
def test_an_unreadable_store_raises_what_storage_sets_aside(text):
    with pytest.raises(ValueError):  # web.platform.storage.read catches it: the page starts empty
        AnalysisStore.from_text(text)


# -- the dialog's state machine ---------------------------------------------------------------
def test_the_panel_runs_in_slices_with_sparse_milestones():
    record = a_game(3)
    p = Panel(record, MODE_AI, YAY)
    assert p.state == CHOOSE
    p.begin(YAY, **QUICK)
    assert p.state == RUNNING and p.total == sum(m.startswith("Y:") for m in record.moves)
    said, steps = [p.said], 0
    while p.running:
        p.step()
        steps += 1
        if p.said != said[-1]:
            said.append(p.said)
    assert p.state == DONE and p.done == p.total == len(p.result.decisions)
    assert steps > p.total  # more slices than decisions: the work yields inside them too
    assert said[0] == f"Analysis started: {p.total} decisions to evaluate."
    assert len(said) == 5 and said[-1].startswith("Analysis complete.")  # 3 milestones
    assert p.result == run_analysis(record, YAY, **QUICK)


def test_cancel_closes_the_work_and_a_bad_record_is_a_message():
    p = Panel(a_game(3), MODE_AI, YAY)
    p.begin(YAY, **QUICK)
    p.step()
    p.cancel()
    assert not p.running and p.result is None and not p.step()
    bad = GameRecord(1, ["Y:D99"], blunder_record().ruleset)
    p = Panel(bad, MODE_AI, YAY)
    p.begin(YAY, **QUICK)
    while p.running:
        p.step()
    assert p.state == ERROR and p.error.startswith("This game could not be analysed:")
    tree, _ = body_of(p)
    assert tree.find("p", "alert", role="alert").all_text == p.error
    assert tree.find("button", id="analysis-close") is not None


# -- the dialog's trees -----------------------------------------------------------------------
def test_a_two_player_game_asks_whose_moves():
    p = Panel(blunder_record(), MODE_HOTSEAT, YAY)
    tree, roots = body_of(p)
    assert roots["dlg-analysis"].attrs["data-state"] == CHOOSE
    seats = tree.find_all("button", data_act="analysis-seat")
    assert [(b.all_text, b.attrs["data-arg"]) for b in seats] == [("Analyse YAY", "0"),
                                                                 ("Analyse WOW", "1")]


def test_the_progress_bar_is_named_and_has_a_value():
    p = Panel(a_game(3), MODE_AI, YAY)
    p.begin(YAY, **QUICK)
    while p.done < 2:
        p.step()
    tree, roots = body_of(p)
    bar = tree.find("progress")
    assert bar.attrs["aria-label"] == "Analysis progress"
    assert bar.attrs["value"] == "2" and bar.attrs["max"] == str(p.total)
    assert bar.attrs["aria-valuetext"] == f"Decisions evaluated: 2 of {p.total}"
    cancel = tree.find("button", id="analysis-cancel")
    assert cancel.all_text == "Cancel" and cancel.attrs["aria-keyshortcuts"] == "Escape"
    assert roots["analysis-status"].children[0].text == p.said
    p.cancel()


def test_the_result_names_every_mark_and_draws_a_graph(game_analysis):
    record, result = game_analysis
    p = Panel(record, MODE_AI, YAY)
    p.begin(YAY, result)
    tree, _ = body_of(p)
    items = tree.find_all("li", "decision")
    assert len(items) == len(result.decisions)
    names = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}
    for li, d in zip(items, result.decisions, strict=True):
        assert li.attrs["data-mark"] == (d.mark or "none")
        assert li.all_text.startswith(("?!", "??", "?", "Move"))
        assert f"Move {d.index + 1} · " in li.all_text
        if d.mark:  # named in words, not colour only
            assert f"{names[d.mark]} (−{round(100 * d.drop)} points)" in li.all_text
        else:
            assert not any(n in li.all_text for n in names.values())
        if not d.forced:
            assert f"— {round(100 * d.round_played)}%" in li.all_text
    assert any(d.mark for d in result.decisions)
    chart = tree.find("svg")
    assert chart.svg and chart.attrs["role"] == "img"
    assert chart.attrs["aria-labelledby"] == "analysis-graph-title"
    assert tree.find(id="analysis-graph-desc").all_text.startswith(
        f"{len(result.decisions)} decisions: the chance starts at")
    (line,) = chart.find_all("polyline")
    assert len(line.attrs["points"].split()) == len(result.graph()) == int(
        chart.attrs["data-points"])
    dots = chart.find_all("circle")
    assert len(dots) == sum(1 for d in result.decisions if d.mark)
    assert tree.find("h2", id="analysis-title").all_text == "Analysis of your moves"
    summaries = [n.all_text for n in tree.find_all("p", "round-summary")]
    assert summaries == [r.text for r in result.rounds]  # English: the CLI's own text
    assert not tree.find_all("button", data_act="analysis-show")  # no replay open


@pytest.mark.parametrize("lang", ["et", "eu", "sw", "mr"])
def test_the_result_in_another_language_has_no_english_left(game_analysis, lang):
    record, result = game_analysis
    i18n.set_language(lang)
    p = Panel(record, MODE_AI, YAY, in_replay=True)
    p.begin(YAY, result)
    tree, _ = body_of(p)
    text = tree.all_text
    cat = CATALOGS[lang]
    for english in ("cost you", "was better", "Move ", "Played", "Best", "Blunder",
                    "decisions", "Round "):
        assert english not in text, (lang, english)
    assert tree.find("h2").all_text == cat["analysis.title"]
    for node, r in zip(tree.find_all("p", "round-summary"), result.rounds, strict=True):
        assert node.all_text == summary(r) and node.all_text != r.text
        assert str(r.round) in node.all_text
    shows = tree.find_all("button", data_act="analysis-show")
    assert [b.attrs["data-arg"] for b in shows] == [str(d.index) for d in result.decisions]


def test_the_graph_is_drawn_in_the_svg_namespace(game_analysis):
    record, result = game_analysis
    p = Panel(record, MODE_AI, YAY)
    p.begin(YAY, result)
    ops = Differ().render(analysis(p))
    made = {op[2]: op[0] for op in ops if op[0] in ("el", "svg")}
    assert made["svg"] == made["polyline"] == made["line"] == "svg"
    assert made["figure"] == made["li"] == "el"
    body = FakeNode("div")
    page = FakePage(**{"dlg-analysis": FakeNode("dialog"), "analysis-body": body,
                       "analysis-status": FakeNode("p")})
    page.apply(ops)
    assert "<polyline" in body.html() and "Analysis of your moves" in body.html()


def test_the_replay_offers_analyse_for_a_finished_game_only():
    from web.model.replay_state import Replay
    from web.views.replay_view import replay_bar

    def button(record):
        bar = {r.ident: r for r in replay_bar(Replay(record, MODE_AI, "easy", YAY))}
        return bar["replay-analyse"].attrs

    assert button(a_game(3)) == {"aria-disabled": "false", "title": None}
    going_on = button(blunder_record())  # a round is over, the game is not
    assert going_on == {"aria-disabled": "true",
                        "title": "Only a finished game can be analysed."}
