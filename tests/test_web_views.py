"""The page's views in CPython: Screens rendered to trees (web/views/*), checked for what
the hand offers, accessible names, disabled reasons, the table after a showdown, the
board and the log — sharper and much faster than driving a browser to the same spot.
(The browser suite keeps what only a browser shows: layout, focus, animation.)"""

from __future__ import annotations

import pytest
from vdom_fake import expected_html

from tacocat import WOW, YAY, Action, card_name
from tacocat.players import RandomPlayer
from web.i18n import catalog as i18n
from web.model.screen import Screen, Ui
from web.model.session import MODE_AI, MODE_HOTSEAT, Session
from web.render.vdom import Differ, Memo, Node, Root
from web.views.board_view import board, board_key
from web.views.hand_view import hand, opponent
from web.views.log_view import LogLines, tracker, tracker_key
from web.views.page_view import page
from web.views.table_view import result, table


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def roots(found: list[Root]) -> dict[str, Root]:
    return {r.ident: r for r in found}


def tree(root: Root) -> Node:
    return root.node()


def screen(scenario: str, ui: Ui | None = None, mode: str = MODE_AI) -> Screen:
    return Screen.build(Session.new(5, mode, "easy", YAY, scenario), ui or Ui())


def cards_of(s: Screen) -> list[Node]:
    return tree(roots(hand(s))["hand"]).find_all("button", "card")


def test_the_duel_offers_every_card_by_its_full_name():
    s = screen("big-duel")
    cards = cards_of(s)
    assert [c.attrs["aria-label"] for c in cards] == [f"{v} — {card_name(v)}"
                                                      for v in (1, 2, 3, 5, 7, 8, 9, 12)]
    assert [int(c.attrs["data-value"]) for c in cards] == [1, 2, 3, 5, 7, 8, 9, 12]
    assert all("aria-disabled" not in c.attrs for c in cards)
    assert cards[4].attrs["title"] == "Duel with a 7"
    assert roots(hand(s))["hand"].attrs["data-phase"] == "duel"
    # the visible parts are hidden from screen readers: the card is read once
    assert all(span.attrs.get("aria-hidden") == "true" for c in cards for span in c.children)
    # one Tab stop
    assert [c.attrs["tabindex"] for c in cards].count("0") == 1


def test_attack_selection_disables_what_cannot_join_it_and_says_why():
    ui = Ui()
    session = Session.new(5, MODE_AI, "easy", YAY, "jumbo")  # YAY holds 2 5 6 7 11
    ui.selected = {1, 2}  # 5 and 6
    s = Screen.build(session, ui)
    cards = cards_of(s)
    by_value = {int(c.attrs["data-value"]): c for c in cards}
    assert by_value[5].attrs["aria-pressed"] == "true"
    assert "aria-disabled" not in by_value[7].attrs  # 5-6-7 is a sequence
    assert by_value[11].attrs["aria-disabled"] == "true"
    assert by_value[11].attrs["title"] == \
        "11 does not make a set or sequence with the selected cards."
    buttons = tree(roots(hand(s))["actions"]).find_all("button")
    confirm = buttons[0]
    assert confirm.attrs["id"] == "act-confirm"
    assert confirm.attrs["aria-disabled"] == "true"  # 5-6 alone is not a legal attack
    assert "Jumbo" in confirm.attrs["title"]
    assert buttons[1].attrs["id"] == "act-clear"


def test_defence_names_the_target_and_who_cannot_beat_it():
    s = screen("defend")  # YAY holds 2 5 7 8 12 against 4-5-6
    found = roots(hand(s))
    assert found["prompt"].node().all_text == \
        "Jumbo attack: answer each card in turn. Now defend against the 4 (card 1 of 3) " \
        "with a 4 or higher, or sacrifice your lowest card."
    cards = cards_of(s)
    two = cards[0]
    assert two.attrs["aria-disabled"] == "true" and two.attrs["title"] == "A 2 cannot beat the 4."
    assert "aria-disabled" not in cards[1].attrs
    sacrifice = tree(found["actions"]).find_all("button")[0]
    assert sacrifice.attrs["id"] == "act-sacrifice" and "aria-disabled" not in sacrifice.attrs
    assert sacrifice.all_text == "Sacrifice your lowest card (2)"


def test_the_table_after_a_showdown_and_the_result_in_place_of_the_hand():
    session = Session.new(5, MODE_AI, "easy", YAY, "showdown")  # 2 9 against 3 10
    session.apply(YAY, Action.attack(9))
    session.apply(WOW, Action.defend(10))
    s = Screen.build(session, Ui())
    found = roots(table(s))
    cards = tree(found["table-cards"]).find_all(cls="card")
    assert [(c.attrs["data-key"], c.attrs["data-value"], "win" in c.classes) for c in cards] == \
        [("sd-0", "2", True), ("sd-1", "3", False)]
    caption = found["table-caption"].node().all_text
    assert "2" in caption and "3" in caption and "YAY" in caption.upper()
    assert found["draw-pile"].attrs["hidden"] == ""  # the piles go while the result is up
    shown = roots(result(s))
    assert shown["result"].attrs["hidden"] is None
    assert shown["me"].attrs["data-state"] == "result"
    assert tree(shown["result"]).find("button", id="btn-continue") is not None
    assert roots(hand(s))["hand"].attrs["hidden"] == ""


def test_hot_seat_hand_over_shows_backs_only():
    session = Session.new(5, MODE_HOTSEAT, "easy", YAY, "big-duel")
    s = Screen.build(session, Ui(viewer=None))
    cards = tree(roots(hand(s))["hand"]).find_all(cls="card")
    assert cards and all("back" in c.classes and "data-value" not in c.attrs for c in cards)
    assert not any(c.all_text for c in cards)  # no value, no name
    assert roots(hand(s))["hand"].attrs["data-phase"] == "hidden"


def test_board_marks_the_cat_and_the_tiles():
    s = screen("showdown")  # cat on space 3 (index 2), a tile on index 3
    track = tree(roots(board(s))["track"])
    cells = track.children
    assert len(cells) == 9 and "goal-yay" in cells[0].classes and "goal-wow" in cells[8].classes
    assert "here" in cells[3].classes and "covered" in cells[4].classes
    assert cells[4].attrs["aria-label"].startswith("Space 4")
    cat = roots(board(s))["cat"]
    assert cat.attrs["style"] == "--pos:3" and cat.attrs["aria-label"] == cat.attrs["title"]


def test_opponent_counts_cards_and_hides_them():
    s = screen("big-duel")
    box = tree(roots(opponent(s))["opponent"])
    assert box.find(cls="opp-count").all_text == "8 cards"
    backs = box.find(cls="backs")
    assert len(backs.children) == 8 and backs.attrs["role"] == "img"
    assert not box.find_all(cls="card-value")  # the opponent's values never drawn


def test_tracker_counts_face_up_cards():
    session = Session.new(5, MODE_AI, "easy", YAY, "defend")  # 4 5 6 on the table
    found = roots(tracker(Screen.build(session, Ui())))
    cells = {c.key: c for c in tree(found["seen"]).children}
    assert cells["4"].find(cls="seen-count").all_text.startswith("1/")
    assert cells["12"].find(cls="seen-count").all_text.startswith("0/")


def test_log_lines_are_built_once_and_kept_by_key():
    session = Session.new(5, MODE_AI, "easy", YAY, "showdown")
    lines = LogLines()
    first = lines.roots(Screen.build(session, Ui()))[0]
    session.apply(YAY, Action.attack(9))
    second = lines.roots(Screen.build(session, Ui()))[0]
    assert second.children[:len(first.children)] == first.children  # the very same nodes
    assert len(second.children) > len(first.children)
    assert [c.key for c in second.children] == [str(i) for i in range(len(second.children))]
    differ = Differ()
    differ.render([first])
    ops = differ.render([second])
    assert {op[0] for op in ops} <= {"el", "put", "end"}  # only the new lines are made


def test_a_move_changes_a_handful_of_nodes():
    """One duel card played: the diff touches a few nodes, not the whole page."""
    session = Session.new(5, MODE_AI, "easy", YAY, "big-duel")
    differ, ui, log, memo = Differ(), Ui(), LogLines(), Memo()

    def everything(s: Screen) -> list[Root]:
        return page(s, log, memo)

    first = differ.render(everything(Screen.build(session, ui)))
    session.apply(YAY, Action.duel(7))
    ops = differ.render(everything(Screen.build(session, ui)))
    created = sum(op[0] in ("el", "txt", "svg") for op in ops)
    assert created < 12 and len(ops) < len(first) / 3
    # the other cards are the same elements, only their place in the hand changed
    assert sum(op[0] == "rm" for op in ops) <= 3


def test_memoised_views_never_show_a_stale_tree():
    """board and tracker are rebuilt only when their key changes: over whole games (moves,
    showdowns, new rounds) the memoised trees always equal freshly built ones."""
    def html(found: list[Root]) -> list[str]:
        return [r.ident + str(sorted(r.attrs.items())) + "".join(
            expected_html(c) for c in r.children or []) for r in found]

    memo, steps = Memo(), 0
    for seed in (1, 2):
        session = Session.new(seed, MODE_AI, "easy", YAY)
        bots = [RandomPlayer(seed), RandomPlayer(seed + 7)]
        game = session.game
        while not game.is_terminal():
            if session.result_pending:
                session.next_round()
            for seat in game.to_act():
                session.apply(seat, bots[seat].choose(game.observation(seat)))
                s = Screen.build(session, Ui())
                got = memo("board", board_key(s), lambda s=s: board(s))
                assert html(got) == html(board(s))
                got = memo("tracker", tracker_key(s), lambda s=s: tracker(s))
                assert html(got) == html(tracker(s))
                steps += 1
                if game.is_terminal():
                    break
    assert steps > 50
