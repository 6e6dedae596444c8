"""Puzzles in the page (issue #51): the try judged by the referee, the rating and the day
kept on the device, the panel's words, and the whole flow driven by taps through the fake
page (tests/page_fake.py) — the day's puzzle solved, a wrong move refuted, a rated run, a
corrupt record set aside, the set unreachable."""

from __future__ import annotations

import asyncio
import datetime
import json

import pytest
from page_fake import FakeBrowserPage, settle, tap_of
from test_web_control import enabled, run, started

from tacocat import Action
from tacocat.puzzles import Puzzle, Rating, daily, loads, winning_moves
from web.formats.puzzle_store import PuzzleRecord
from web.formats.stored import PUZZLES_KEY
from web.i18n import catalog as i18n
from web.model.intents import Tap
from web.model.puzzle_run import DAILY, RATED, SHOWN, SOLVED, SOLVING, WRONG, PuzzleRun
from web.views.puzzle_view import position_text, puzzle_panel, share_text

EXAMPLE = "1234 2/1.4 AY 1.8.12 2.9.12 - 5.5.3 Y:A8,W:B9,W:A12,Y:B12"  # docs/puzzles.md
PUZZLES = loads((__import__("pathlib").Path(__file__).resolve().parent.parent
                 / "web" / "puzzles.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# -- the try ------------------------------------------------------------------------------
def test_the_main_line_solves_and_the_opponent_answers_with_the_referee() -> None:
    r = PuzzleRun(Puzzle.from_text(EXAMPLE), DAILY, datetime.date(2026, 12, 7))
    played = r.attempt(Action.parse("A8"))
    assert [(s, a.notation()) for s, a in played] == [(0, "A8"), (1, "B9"), (1, "A12")]
    assert r.state == SOLVING
    r.attempt(Action.parse("B12"))
    assert r.state == SOLVED and r.outcome.solved and not r.outcome.hinted


def test_a_wrong_move_is_refuted_counted_once_and_can_be_tried_again() -> None:
    r = PuzzleRun(Puzzle.from_text(EXAMPLE), RATED)
    played = r.attempt(Action.parse("A12"))
    assert [a.notation() for _, a in played] == ["A12", "B12", "A9", "S"]  # to the showdown
    assert r.state == WRONG and r.over and r.outcome.solved is False
    assert r.attempt(Action.parse("A8")) == []  # the try is over: nothing is played
    r.retry()
    assert r.state == SOLVING and r.session.game.history == []
    r.attempt(Action.parse("A8"))
    r.attempt(Action.parse("B12"))
    assert r.state == SOLVED and r.outcome.solved is False  # the first try counted


def test_the_hint_comes_in_two_steps_and_is_remembered() -> None:
    r = PuzzleRun(Puzzle.from_text(EXAMPLE), DAILY, datetime.date(2026, 12, 7))
    clue = r.ask_hint()
    assert (clue.key, clue.params) == ("puzzle.hint.showdown_in_danger", {"card": 1})
    assert "is in danger" in puzzle_panel(r, PuzzleRecord(), r.day)[0].children[2].text
    r.ask_hint()
    assert r.hint_level == 2
    r.attempt(Action.parse("A8"))
    r.attempt(Action.parse("B12"))
    assert r.outcome.hinted and r.outcome.solved


def test_show_solution_gives_the_puzzle_up_and_returns_the_main_line() -> None:
    r = PuzzleRun(Puzzle.from_text(EXAMPLE), RATED)
    line = r.solution_line()
    assert [a.notation() for _, a in line] == ["A8", "B9", "A12", "B12"]
    assert r.state == SHOWN and r.outcome.solved is False


# -- the record ---------------------------------------------------------------------------
def test_the_record_round_trips_and_counts_the_streak() -> None:
    rec = PuzzleRecord()
    day = datetime.date(2026, 12, 7)
    for back in (2, 1, 0):
        rec.add_day(day - datetime.timedelta(days=back), "abcdefgh", True, back == 1)
    rec.add_day(day, "abcdefgh", False, False)  # a second try that day changes nothing
    rec.add_rated("abcdefgh", True, Rating(1600.0, 200.0, 0.06))
    again = PuzzleRecord.from_text(rec.to_text())
    assert again == rec
    assert again.streak(day) == 3
    assert again.streak(day + datetime.timedelta(days=1)) == 3  # today's not done yet
    assert again.streak(day + datetime.timedelta(days=2)) == 0
    assert again.history() == [1600] and again.done_ids() == {"abcdefgh"}


@pytest.mark.parametrize("bad", [
    "{", "[]", '{"format": "tacocat-puzzles-played", "version": 2}',
    json.dumps({"format": "tacocat-puzzles-played", "version": 1,
                "rating": {"rating": "1500", "rd": 350, "volatility": 0.06},
                "rated": [], "days": []}),
    json.dumps({"format": "tacocat-puzzles-played", "version": 1,
                "rating": {"rating": 1500, "rd": 350, "volatility": 0.06},
                "rated": [{"id": "<script>", "solved": True, "rating": 1}], "days": []}),
    json.dumps({"format": "tacocat-puzzles-played", "version": 1,
                "rating": {"rating": 1500, "rd": 350, "volatility": 0.06},
                "rated": [], "days": [{"day": "yesterday", "id": "abcdefgh",
                                       "solved": True, "hinted": False}]}),
])
def test_a_corrupt_record_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        PuzzleRecord.from_text(bad)


# -- the words ----------------------------------------------------------------------------
def test_the_position_is_read_out_and_the_shared_text_spoils_nothing() -> None:
    p = Puzzle.from_text(EXAMPLE)
    r = PuzzleRun(p, DAILY, datetime.date(2026, 12, 7))
    said = position_text(r)
    assert "Your hand: 1, 8, 12." in said and "Computer's hand: 2, 9, 12." in said
    assert "The cat is on space 3 (C)." in said and "covered by a tile" in said
    rec = PuzzleRecord()
    r.attempt(Action.parse("A8"))
    r.attempt(Action.parse("B12"))
    rec.add_day(r.day, p.id, True, False)
    text = share_text(r, rec, "https://example.org/tacocat/")
    assert "solved" in text and text.endswith("?puzzle=daily")
    assert "2026-12-07" in text
    rest = text.replace("2026-12-07", "")
    assert not any(word in rest for word in ("A8", "8", "12", p.id))  # no move, no card


# -- in the page --------------------------------------------------------------------------
async def _play(ctl, page, seat: int, action: Action) -> None:
    """The move by taps on what the page drew: the card(s), then Attack if needed."""
    if action.kind == "sacrifice":
        ctl.tap(tap_of(enabled(page, "actions", "sacrifice")[0]))
        return await settle(ctl, page)
    for value in action.cards:
        card = next(b for b in enabled(page, "hand", "card")
                    if b.attrs["data-value"] == str(value) and b.attrs.get("aria-pressed")
                    != "true")
        ctl.tap(tap_of(card))
        await settle(ctl, page)
    confirm = enabled(page, "actions", "confirm")
    if action.kind == "attack":
        ctl.tap(tap_of(confirm[0]))
        await settle(ctl, page)
    return None


def test_the_days_puzzle_is_opened_from_the_menu_and_solved_by_taps() -> None:
    async def game() -> None:
        ctl, page = await started({"seed": "4"})
        game_history = len(ctl.session.game.history)
        ctl.tap(Tap("puzzles"))
        await settle(ctl, page)
        r = ctl.puzzles.run
        assert r.puzzle == daily(PUZZLES, datetime.date(2026, 12, 7))
        assert page.text("announce").startswith("Puzzle of the day, 2026-12-07.")
        # both hands shown: the opponent's cards face up in its corner
        faces = [n.attrs.get("data-value") for n in _walk(page.element("opponent"))
                 if "data-value" in n.attrs]
        assert faces == [str(v) for v in r.puzzle.hand(1 - r.solver)]
        for seat, action in r.puzzle.line:
            if seat == r.solver and not r.over:
                await _play(ctl, page, seat, action)
        assert r.state == SOLVED
        assert "Solved!" in page.text("puzzle")
        stored = PuzzleRecord.from_text(page.stored[PUZZLES_KEY])
        assert stored.day(datetime.date(2026, 12, 7))["solved"] is True
        ctl.tap(Tap("puzzle-exit"))
        await settle(ctl, page)
        assert ctl.chrome.showing == "game"
        assert len(ctl.session.game.history) == game_history  # the game waited
    run(game())


def test_a_rated_run_moves_the_rating_and_a_wrong_move_shows_the_refutation() -> None:
    async def game() -> None:
        ctl, page = await started({"seed": "4"})
        ctl.tap(Tap("puzzles"))
        await settle(ctl, page)
        ctl.tap(Tap("puzzle-next"))
        await settle(ctl, page)
        r = ctl.puzzles.run
        assert r.kind == RATED
        g = r.session.game
        wrong = next(a for a in g.legal_actions(r.solver) if a not in winning_moves(g))
        ctl.moves.play(r.solver, wrong)
        await settle(ctl, page)
        assert r.state == WRONG and "Not this one" in page.text("puzzle")
        assert "Showdown" in page.text("result")  # the refutation, played to the showdown
        assert "btn-continue" not in page.text("result")
        record = PuzzleRecord.from_text(page.stored[PUZZLES_KEY])
        assert record.rating.rating < 1500 and record.rated[0]["solved"] is False
        ctl.tap(Tap("puzzle-retry"))
        await settle(ctl, page)
        assert r.state == SOLVING and len(page.buttons("hand")) == len(r.puzzle.hand(r.solver))
    run(game())


def test_a_corrupt_record_is_set_aside_with_a_message() -> None:
    async def game() -> None:
        ctl, page = await started({"seed": "4"}, {PUZZLES_KEY: '{"format": 1'})
        assert PUZZLES_KEY + ".corrupt" in page.stored
        assert i18n.t("storage.corrupt.puzzles") in page.text("message")
        ctl.tap(Tap("puzzles"))
        await settle(ctl, page)
        assert ctl.puzzles.run is not None  # puzzles still work, from a new record
    run(game())


def test_unreachable_puzzles_or_an_unknown_id_leave_the_game_as_it_was() -> None:
    async def game() -> None:
        page = FakeBrowserPage()
        page.unreachable.add("web/puzzles.json")
        from web.control.controller import Controller
        ctl = Controller(page, {"pace": "0", "seed": "4"}, False, lambda: True)
        await ctl.start()
        await settle(ctl, page)
        ctl.tap(Tap("puzzles"))
        await settle(ctl, page)
        assert ctl.chrome.showing == "game" and len(page.buttons("hand")) == 7
        assert i18n.t("puzzle.unavailable") in page.text("message")
        ctl2, page2 = await started({"seed": "4", "puzzle": "zzzzzzzz"})
        assert ctl2.chrome.showing == "game"
        assert "There is no puzzle with the code zzzzzzzz" in page2.text("message")
    run(game())


def test_an_article_opens_the_days_puzzle_alone() -> None:
    async def game() -> None:
        page = FakeBrowserPage()
        from web.control.controller import Controller
        ctl = Controller(page, {"pace": "0", "puzzle": "daily", "embed": "1"}, True,
                         lambda: True)
        await ctl.start()
        await settle(ctl, page)
        assert ctl.chrome.showing == "puzzle"
        assert "puzzle-only" in page.element("page-body").attrs.get("class", "")
        assert "puzzle-exit" not in [b.attrs.get("id") for b in page.buttons("puzzle")]
    run(game())


def _walk(node):
    yield node
    for child in node.children:
        yield from _walk(child)


def test_the_day_changes_the_puzzle() -> None:
    async def two_days() -> tuple:
        seen = []
        for day in ("2026-12-07", "2026-12-08"):
            page = FakeBrowserPage()
            page.day = day
            from web.control.controller import Controller
            ctl = Controller(page, {"pace": "0"}, False, lambda: True)
            await ctl.start()
            ctl.tap(Tap("puzzles"))
            await settle(ctl, page)
            seen.append(ctl.puzzles.run.puzzle.id)
        return tuple(seen)
    first, second = asyncio.run(two_days())
    assert first != second


def test_a_wrong_sacrifice_is_named_with_its_card() -> None:
    # a defence puzzle where sacrificing is legal and loses
    for p in PUZZLES:
        r = PuzzleRun(p, RATED)
        g = r.session.game
        if g.phase != "defend":
            continue
        sacrifice = Action.sacrifice()
        if sacrifice in g.legal_actions(p.solver) and sacrifice not in winning_moves(g):
            lowest = min(g.hands[p.solver])
            r.attempt(sacrifice)
            from web.views.puzzle_view import feedback_text
            text = feedback_text(r)
            assert f"Sacrifice your lowest card ({lowest})" in text or str(lowest) in text
            assert "?" not in text
            return
    pytest.skip("no defence puzzle where the sacrifice loses")


def test_an_article_puzzle_is_not_covered_by_the_saved_game_offer() -> None:
    async def game() -> None:
        from web.control.controller import Controller
        from web.formats.saved_game import save_text
        from web.formats.stored import SAVE_KEY
        from web.model.session import Session
        saved = Session.new(9)
        saved.apply(0, Action.replace())
        page = FakeBrowserPage({SAVE_KEY + ".embed": save_text(saved)})
        ctl = Controller(page, {"pace": "0", "puzzle": "daily", "embed": "1"}, True,
                         lambda: True)
        await ctl.start()
        await settle(ctl, page)
        assert ctl.chrome.showing == "puzzle" and "dlg-resume" not in page.shown
    run(game())


def test_a_bad_puzzle_in_the_url_still_offers_the_saved_game() -> None:
    async def game() -> None:
        from web.control.controller import Controller
        from web.formats.saved_game import save_text
        from web.formats.stored import SAVE_KEY
        from web.model.session import Session
        saved = Session.new(9)
        saved.apply(0, Action.replace())
        page = FakeBrowserPage({SAVE_KEY: save_text(saved)})
        ctl = Controller(page, {"pace": "0", "puzzle": "nosuchid"}, False, lambda: True)
        await ctl.start()
        await settle(ctl, page)
        assert ctl.chrome.showing == "game" and "dlg-resume" in page.open
    run(game())
