"""The puzzle encoding: one line per puzzle, round-tripping exactly, and strict on reading —
a malformed, corrupt or tampered puzzle or file is a PuzzleError (a TacocatError), never
another exception and never a puzzle that does not hold."""

from __future__ import annotations

import json

from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat import DEFAULT, WOW, YAY, Action, TacocatError
from tacocat.puzzles import BANDS, Puzzle, PuzzleError, band_for, dumps, loads, replay

# YAY 1 8 12 against WOW 2 9 12 (see test_puzzles_referee.py): A8 wins, WOW answers B9,
# attacks with its 12, YAY holds with its own 12 and the 1 wins the showdown.
TEXT = "1234 2/1.4 AY 1.8.12 2.9.12 - 5.5.3 Y:A8,W:B9,W:A12,Y:B12"
# WOW attacked with 3-4-5 and YAY held the 3 with its 12: YAY holds the 4 and 5 too, then
# attacks with the 12, and WOW's sacrifice leaves its 6 against YAY's 4.
DEFEND = "1610 3 DW 4.6.11.12 3.6 3.4.5/B12 - Y:B6,Y:B11,Y:A12,W:S"


def _reads(text) -> Puzzle:
    return Puzzle.from_text(text)


def test_a_puzzle_reads_and_writes_back_exactly():
    p = _reads(TEXT)
    assert (p.phase, p.attacker, p.solver, p.yay, p.wow, p.cat, p.tiles, p.discard) == \
        ("attack", YAY, YAY, (1, 8, 12), (2, 9, 12), 2, (1, 4), (5, 5, 3))
    assert p.first_move == Action.parse("A8") and p.line[1] == (WOW, Action.parse("B9"))
    assert p.rating == 1234 and p.band == band_for(1234)
    assert p.to_text() == TEXT
    # the id: SHA-256 of the position, 8 base32 characters; stable across processes
    assert p.id == "twn2a4pf"
    assert Puzzle.from_text(TEXT.replace("1234", "1500")).id == p.id  # not from the rating
    assert Puzzle.from_text(TEXT.replace("5.5.3", "5.3.5")).id != p.id


def test_a_defend_puzzle_keeps_the_trick_on_the_table():
    p = _reads(DEFEND)
    assert (p.phase, p.attacker, p.solver, p.attack, p.answers) == \
        ("defend", WOW, YAY, (3, 4, 5), ((12, True),))
    g = p.game()
    assert g.attack == (3, 4, 5) and g.answers == [(12, True)] and g.to_act() == (YAY,)
    assert p.to_text() == DEFEND


BAD = {
    "": "8 fields",
    TEXT + " ": "8 fields",
    TEXT.replace(" ", "  ", 1): "8 fields",
    TEXT.replace("1234", "12345"): "rating",
    TEXT.replace("1234", "-1"): "rating",
    TEXT.replace("1234", "0x10"): "rating",
    TEXT.replace("2/1.4", "2/4.1"): "tiles",
    TEXT.replace("2/1.4", "2/1.1.4"): "tiles",
    TEXT.replace("2/1.4", "2/1.4."): "board",
    TEXT.replace("2/1.4", "9"): "position",
    TEXT.replace("2/1.4", "2/2"): "position",
    TEXT.replace(" AY ", " AX "): "trick",
    TEXT.replace(" AY ", " QY "): "trick",
    TEXT.replace("1.8.12 2.9.12", "8.1.12 2.9.12"): "ascending",
    TEXT.replace("1.8.12 2.9.12", "1.8.13 2.9.12"): "position",
    TEXT.replace("1.8.12 2.9.12", "1.8.012 2.9.12"): "card values",
    TEXT.replace("1.8.12 2.9.12", "1.8.12 2.9"): "position",
    TEXT.replace("1.8.12 2.9.12", "1.1.1 2.9.12"): "position",
    TEXT.replace(" - 5.5.3", " 3 5.5.3"): "no trick",
    TEXT.replace("5.5.3", "5.5.5.5.5.5"): "position",
    TEXT.replace("Y:A8,", ""): "side to move",
    TEXT.replace("Y:A8", "Y:A12"): "illegal",
    TEXT.replace("Y:A8", "Y:A7"): "illegal",
    TEXT.replace("Y:A8", "Y:A8.12"): "illegal",
    TEXT.replace(",Y:B12", ""): "before the showdown",
    TEXT + ",W:A3": "after the round",
    TEXT.replace("Y:A8,W:B9,W:A12,Y:B12", "Y:A8,W:B9,W:A2,Y:S"): "does not win",
    TEXT.replace("Y:A8", "Y:X8"): "not readable",
    TEXT.replace("Y:A8", "Y:A8 "): "8 fields",
    TEXT.replace("Y:A8", "Y:A٨"): "ASCII",
    TEXT.replace("Y:A8", "Y:A08"): "not readable",
    TEXT.replace("Y:A8", "y:A8"): "canonical",
    DEFEND.replace("/B12", "/X12"): "answer",
    DEFEND.replace("/B12", "/B12.S3.S4"): "position",
    DEFEND.replace("3.4.5/", "5.4.3/"): "ascending",
    DEFEND.replace("3.4.5/", "3.5/"): "position",
    TEXT + "," + ",".join(["W:S"] * 100): "400",
}


def test_malformed_puzzles_are_refused_with_a_reason():
    for text, reason in BAD.items():
        try:
            Puzzle.from_text(text)
        except PuzzleError as err:
            assert reason in str(err), (text, str(err))
        else:
            raise AssertionError(f"accepted: {text!r}")
    for value in (None, 12, b"1234", ["1234"]):
        try:
            Puzzle.from_text(value)
        except PuzzleError:
            pass
        else:
            raise AssertionError(f"accepted: {value!r}")


cards = st.integers(1, 99)
sorted_cards = st.lists(cards, min_size=1, max_size=9).map(lambda c: tuple(sorted(c)))
moves = st.one_of(
    sorted_cards.map(lambda c: Action("attack", c)),
    cards.map(lambda c: Action("defend", (c,))),
    st.just(Action("sacrifice", ())),
)


@st.composite
def puzzles(draw) -> Puzzle:
    phase = draw(st.sampled_from(["attack", "defend"]))
    attack = draw(sorted_cards) if phase == "defend" else ()
    answers = tuple(draw(st.lists(st.tuples(cards, st.booleans()), max_size=len(attack) - 1))) \
        if attack else ()
    return Puzzle(
        phase=phase, attacker=draw(st.sampled_from([YAY, WOW])), yay=draw(sorted_cards),
        wow=draw(sorted_cards), attack=attack, answers=answers, cat=draw(st.integers(0, 99)),
        tiles=tuple(sorted(draw(st.sets(st.integers(0, 99), max_size=7)))),
        discard=tuple(draw(st.lists(cards, max_size=20))),
        line=tuple(draw(st.lists(st.tuples(st.sampled_from([YAY, WOW]), moves), min_size=1,
                                 max_size=12))),
        rating=draw(st.integers(0, 9999)))


@settings(max_examples=examples(100))
@given(puzzles())
def test_every_puzzle_round_trips_through_its_text(p):
    """Shape only (check=False: these random puzzles are not possible positions)."""
    text = p.to_text()
    if len(text) <= 400:
        assert Puzzle.from_text(text, check=False) == p
        assert Puzzle.from_text(text, check=False).id == p.id


@settings(max_examples=examples(400))
@given(st.sampled_from([TEXT, DEFEND]), st.data())
def test_a_corrupt_puzzle_is_refused_or_is_another_valid_puzzle(text, data):
    """Any edit — a character changed, dropped or doubled — is either a PuzzleError or a
    puzzle that reads back to exactly that text and replays to the solver's win."""
    i = data.draw(st.integers(0, len(text) - 1))
    how = data.draw(st.sampled_from(["change", "drop", "double"]))
    if how == "change":
        text = text[:i] + data.draw(st.characters(codec="utf-8")) + text[i + 1:]
    elif how == "drop":
        text = text[:i] + text[i + 1:]
    else:
        text = text[:i] + text[i] + text[i:]
    try:
        p = Puzzle.from_text(text)
    except PuzzleError:
        return
    assert p.to_text() == text
    replay(p)


def test_the_file_round_trips_and_refuses_corrupt_files():
    a, b = _reads(TEXT), _reads(DEFEND)
    text = dumps([a, b], seed=7)
    lines = text.splitlines()  # the head, one line per puzzle, the end
    assert lines[1:] == [f'"{TEXT}",', f'"{DEFEND}"', "]}"]
    assert json.loads(text)["seed"] == 7
    assert loads(text) == (a, b)
    bad = [
        "", "[", "[]", "{}", text.replace('"version":1', '"version":true'),
        text.replace('"version":1', '"version":2'), text.replace("tacocat-puzzles", "x"),
        text.replace('"puzzles":[', '"puzzles":{"a":[').replace("]}", "]}}"),
        dumps([a, a]), text.replace("2/1.4", "2/1.x"), "[" * 100_000 + "]" * 100_000,
        '{"format":"tacocat-puzzles","version":1,"puzzles":[NaN]}',
        '{"format":"tacocat-puzzles","version":1,"puzzles":[1]}',
        '{"format":"tacocat-puzzles","version":1,"puzzles":["' + "x" * 2_100_000 + '"]}',
    ]
    for k, corrupt in enumerate(bad):
        try:
            loads(corrupt)
        except PuzzleError as err:
            assert isinstance(err, TacocatError) and str(err), k
        else:
            raise AssertionError(f"accepted corrupt file {k}")


def test_bands_cover_every_rating_in_order():
    order = [name for name, _ in BANDS]
    names = [band_for(r) for r in range(0, 4000, 10)]
    assert names == sorted(names, key=order.index) and set(names) == set(order)
    assert len(order) >= 3


def test_a_puzzle_is_a_value():
    p = _reads(TEXT)
    g = p.game()
    g.apply(YAY, Action.parse("A8"))
    assert p.game().hands[YAY] == [1, 8, 12]  # a fresh game each time
    assert p == _reads(TEXT) and hash(p) == hash(_reads(TEXT))
    assert DEFAULT.start == Puzzle("attack", YAY, (1, 2), (3, 4)).cat
