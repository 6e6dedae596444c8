"""The :class:`Puzzle` type and its compact text encoding (one line per puzzle).

The whole set ships as one file that the page fetches only when puzzles are opened, under
a byte budget (≤ 40 KB brotli), so a puzzle is one short line of text rather than a JSON
object per field — and the file comes from a server, a cache or an article's embed that
anyone could have altered, so reading it trusts nothing: every field is checked, the
position is rebuilt by the engine (:meth:`Game.from_position`) and the stored line is
replayed, and any defect is a :class:`~tacocat.puzzles.referee.PuzzleError`.

A line has eight fields separated by single spaces::

    1432 3/2.4 AY 2.5.9.11 3.4.10.12 - 1.5.6.6.7.8 Y:A9,W:B10,W:A12,Y:S
    ^    ^     ^  ^        ^         ^ ^           ^ the main line (seat:action, …)
    |    |     |  |        |         | the discard pile, bottom first ("-": empty)
    |    |     |  |        |         the trick on the table: "-", or the attack, then
    |    |     |  |        |         "/" and the answers given (B10: defended with a 10,
    |    |     |  |        |         S2: a 2 sacrificed), e.g. "9.10.11/B10"
    |    |     |  YAY's hand, WOW's hand (ascending, table cards excluded)
    |    |     phase (A: attack, D: defend) and attacker (Y/W); the side to move solves
    |    the cat's space, then "/" and the covered spaces (if any)
    the rating (Glicko scale, whole number)

The id is not stored: it is derived from the position (fields 2–7) with SHA-256, so it
cannot drift from the puzzle it names and a tampered position gets another id.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass
from functools import cached_property

from ..actions import SEAT_LETTERS, Action, format_move, parse_move
from ..errors import TacocatError
from ..game import Game
from ..moves import PHASE_ATTACK, PHASE_DEFEND
from ..record import load_json
from ..ruleset import DEFAULT
from .referee import PuzzleError, result, round_over

Hand = tuple[int, ...]
FORMAT = "tacocat-puzzles"
VERSION = 1
MAX_LINE = 400  # characters of one encoded puzzle; real ones are under 120
MAX_FILE_BYTES = 2_000_000
ID_LENGTH = 8  # base32 characters: 40 bits, no collision in a set of thousands
#: Rating bands, easiest first: (name, highest rating in the band); the last is open.
# Chosen on the 2026 set's fitted ratings: easy — every searching level (medium, hard,
# master) solves it; medium — medium stumbles; hard — hard stumbles too; expert — master
# fails more often than not.
BANDS: tuple[tuple[str, int | None], ...] = (("easy", 1299), ("medium", 1699),
                                             ("hard", 2099), ("expert", None))
_CARDS = re.compile(r"(?:[1-9][0-9]?)(?:\.[1-9][0-9]?)*")
_ANSWER = re.compile(r"([BS])([1-9][0-9]?)")
_PHASES = {"A": PHASE_ATTACK, "D": PHASE_DEFEND}


def band_for(rating: int) -> str:
    """The band of a rating (:data:`BANDS`)."""
    for name, top in BANDS:
        if top is None or rating <= top:
            return name
    raise AssertionError("the last band is open")  # pragma: no cover


def _cards_text(cards: Hand) -> str:
    return ".".join(map(str, cards)) if cards else "-"


def _cards(text: str, what: str, empty: bool = False) -> Hand:
    if text == "-" and empty:
        return ()
    if not _CARDS.fullmatch(text):
        raise PuzzleError(f"{what}: expected card values separated by dots, not {text[:20]!r}")
    return tuple(int(c) for c in text.split("."))


def _ascending(cards: Hand, what: str) -> Hand:
    if list(cards) != sorted(cards):
        raise PuzzleError(f"{what} must be listed in ascending order")
    return cards


@dataclass(frozen=True)
class Puzzle:
    """A trick-fight position from a real game with both hands shown. The side to move
    (:attr:`solver`) must win the round; :attr:`line` is the main line — the solver's
    winning moves and the opponent's longest-holding replies (:func:`~.referee.reply`) —
    whose first move is the only winning one. The page replays it for *Show solution*,
    and accepts any winning move at the later steps (:func:`~.referee.is_winning`).
    Values only: no game inside, build one with :meth:`game`."""

    phase: str
    attacker: int
    yay: Hand
    wow: Hand
    attack: Hand = ()
    answers: tuple[tuple[int, bool], ...] = ()
    cat: int = DEFAULT.start
    tiles: tuple[int, ...] = ()
    discard: Hand = ()
    line: tuple[tuple[int, Action], ...] = ()
    rating: int = 1500

    @property
    def solver(self) -> int:
        """The seat to move, who must win the round."""
        return self.attacker if self.phase == PHASE_ATTACK else 1 - self.attacker

    @property
    def band(self) -> str:
        return band_for(self.rating)

    @property
    def first_move(self) -> Action:
        return self.line[0][1]

    def hand(self, seat: int) -> Hand:
        return self.yay if seat == 0 else self.wow

    def position(self) -> dict:
        """Keyword arguments of :meth:`Game.from_position` for this puzzle."""
        return {"yay": list(self.yay), "wow": list(self.wow), "phase": self.phase,
                "cat": self.cat, "tiles": list(self.tiles), "attacker": self.attacker,
                "attack": list(self.attack), "answers": [[c, ok] for c, ok in self.answers],
                "discard": list(self.discard)}

    def game(self) -> Game:
        """A fresh game at the puzzle's position (seed 0: the unseen draw pile is the same
        every time, though nothing in a trick fight draws)."""
        try:
            return Game.from_position(**self.position())
        except TacocatError as err:
            raise PuzzleError(f"the puzzle's position is not possible: {err}") from err

    # -- encoding --------------------------------------------------------------------------
    def position_text(self) -> str:
        """Fields 2–7 of :meth:`to_text`: the position alone, which the id is made from."""
        board = str(self.cat) + ("/" + ".".join(map(str, self.tiles)) if self.tiles else "")
        trick = ("A" if self.phase == PHASE_ATTACK else "D") + SEAT_LETTERS[self.attacker]
        table = "-"
        if self.phase == PHASE_DEFEND:
            table = _cards_text(self.attack)
            if self.answers:
                table += "/" + ".".join(("B" if ok else "S") + str(c) for c, ok in self.answers)
        return " ".join((board, trick, _cards_text(self.yay), _cards_text(self.wow), table,
                         _cards_text(self.discard)))

    @cached_property
    def id(self) -> str:
        """Short and stable: the first 8 base32 characters of the SHA-256 of
        :meth:`position_text` (never Python's ``hash()``, which differs per process)."""
        digest = hashlib.sha256(self.position_text().encode("ascii")).digest()
        return base64.b32encode(digest).decode("ascii")[:ID_LENGTH].lower()

    def to_text(self) -> str:
        moves = ",".join(format_move(seat, a) for seat, a in self.line)
        return f"{self.rating} {self.position_text()} {moves}"

    @classmethod
    def from_text(cls, text: str, check: bool = True) -> Puzzle:
        """Read :meth:`to_text`'s line. Strict: only the canonical form is accepted (so one
        puzzle has one text and one id). With ``check`` the position is rebuilt and the
        line replayed: it must be legal, start with the side to move and end the round
        with that side's win. Raises :class:`PuzzleError` for anything else."""
        if not isinstance(text, str) or not text.isascii() or len(text) > MAX_LINE:
            raise PuzzleError("a puzzle is one line of ASCII text, at most "
                              f"{MAX_LINE} characters")
        parts = text.split(" ")
        if len(parts) != 8:
            raise PuzzleError(f"a puzzle has 8 fields separated by spaces, not {len(parts)}")
        rating_t, board, trick, yay_t, wow_t, table, discard_t, line_t = parts
        if not re.fullmatch(r"0|[1-9][0-9]{0,3}", rating_t):
            raise PuzzleError(f"the rating must be a whole number 0..9999, not {rating_t[:9]!r}")
        cat_t, _, tiles_t = board.partition("/")
        if not re.fullmatch(r"[0-9]{1,2}", cat_t) or (tiles_t and not re.fullmatch(
                r"[0-9]{1,2}(?:\.[0-9]{1,2})*", tiles_t)):
            raise PuzzleError(f"the board must be the cat's space and the tiles, not {board!r}")
        tiles = tuple(int(t) for t in tiles_t.split(".")) if tiles_t else ()
        if list(tiles) != sorted(set(tiles)) or cat_t != str(int(cat_t)):
            raise PuzzleError("the tiles must be distinct and in ascending order")
        if len(trick) != 2 or trick[0] not in _PHASES or trick[1] not in SEAT_LETTERS:
            raise PuzzleError(f"the trick field must be A or D and Y or W, not {trick[:9]!r}")
        phase = _PHASES[trick[0]]
        attack: Hand = ()
        answers: list[tuple[int, bool]] = []
        if phase == PHASE_ATTACK:
            if table != "-":
                raise PuzzleError("an attack position has no trick on the table ('-')")
        else:
            att_t, slash, ans_t = table.partition("/")
            attack = _ascending(_cards(att_t, "the attack"), "the attack")
            for tok in ans_t.split(".") if slash else ():
                m = _ANSWER.fullmatch(tok)
                if not m:
                    raise PuzzleError(f"an answer is B or S and a card value, not {tok[:9]!r}")
                answers.append((int(m.group(2)), m.group(1) == "B"))
        if not line_t:
            raise PuzzleError("a puzzle needs its main line")
        try:
            line = tuple(parse_move(m) for m in line_t.split(","))
        except TacocatError as err:
            raise PuzzleError(f"the main line is not readable: {err}") from err
        puzzle = cls(phase=phase, attacker=SEAT_LETTERS.index(trick[1]),
                     yay=_ascending(_cards(yay_t, "YAY's hand"), "YAY's hand"),
                     wow=_ascending(_cards(wow_t, "WOW's hand"), "WOW's hand"),
                     attack=attack, answers=tuple(answers), cat=int(cat_t), tiles=tiles,
                     discard=_cards(discard_t, "the discard pile", empty=True), line=line,
                     rating=int(rating_t))
        if puzzle.to_text() != text:  # e.g. an action's cards out of order
            raise PuzzleError("the puzzle is not written in its canonical form")
        if check:
            replay(puzzle)
        return puzzle


def replay(puzzle: Puzzle) -> Game:
    """The puzzle's game after its whole main line; :class:`PuzzleError` unless the line
    is legal, starts with the solver and ends the round with the solver's win. (Whether
    the line is *best* is the solver's business: :func:`~.checks.verify`.)"""
    game = puzzle.game()
    if not puzzle.line or puzzle.line[0][0] != puzzle.solver:
        raise PuzzleError("the main line must start with the side to move")
    for k, (seat, action) in enumerate(puzzle.line):
        if round_over(game):
            raise PuzzleError(f"the main line goes on after the round ended (move {k + 1})")
        try:
            game.apply(seat, action)
        except TacocatError as err:
            raise PuzzleError(f"move {k + 1} of the main line is illegal: {err}") from err
    if not round_over(game):
        raise PuzzleError("the main line stops before the showdown")
    if result(game, puzzle.solver) != "won":
        raise PuzzleError("the main line does not win the round for the side to move")
    return game


def dumps(puzzles: list[Puzzle] | tuple[Puzzle, ...], **meta: object) -> str:
    """The data file: a JSON object with ``format``, ``version``, any ``meta`` (the seed)
    and ``puzzles``, one encoded puzzle per line."""
    head = [f'"format":"{FORMAT}"', f'"version":{VERSION}']
    for key, value in meta.items():
        head.append(f'"{key}":{value}' if isinstance(value, int) else f'"{key}":"{value}"')
    rows = ",\n".join(f'"{p.to_text()}"' for p in puzzles)
    return "{" + ",".join(head) + ',"puzzles":[\n' + rows + "\n]}\n"


def loads(text: str, check: bool = True) -> tuple[Puzzle, ...]:
    """Read :func:`dumps`'s file; :class:`PuzzleError` for anything malformed (bad JSON,
    another format or version, a bad puzzle — named by its index —, a repeated id)."""
    try:
        data = load_json(text, max_bytes=MAX_FILE_BYTES, max_depth=3, what="the puzzle data")
    except TacocatError as err:
        raise PuzzleError(str(err)) from err
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleError("this is not a file of Tacocat puzzles")
    if type(data.get("version")) is not int or data["version"] != VERSION:
        raise PuzzleError(f"unsupported puzzle data version (this game reads {VERSION})")
    rows = data.get("puzzles")
    if not isinstance(rows, list):
        raise PuzzleError("the puzzle data has no list of puzzles")
    out: list[Puzzle] = []
    seen: set[str] = set()
    for k, row in enumerate(rows):
        try:
            puzzle = Puzzle.from_text(row, check=check)
        except PuzzleError as err:
            raise PuzzleError(f"puzzle {k + 1}: {err}") from err
        if puzzle.id in seen:
            raise PuzzleError(f"puzzle {k + 1} repeats the id {puzzle.id}")
        seen.add(puzzle.id)
        out.append(puzzle)
    return tuple(out)
