"""The puzzle referee on hand-built positions: exact judgement (is_winning, winning_moves),
the longest-holding reply, the refutation of a wrong move, the line and the hints.

The positions are built card by card (tests/helpers.py's ``position``), reasoned out in
the comments, and the referee is also compared with a brute force written here from the
engine alone (Game.clone + apply to the showdown), independent of the solver it uses."""

from __future__ import annotations

from helpers import examples, position, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat import DEFAULT, WOW, YAY, Action, IllegalActionError
from tacocat.puzzles import (
    HINT_KEYS,
    Puzzle,
    PuzzleError,
    best_line,
    hint,
    is_winning,
    refutation,
    reply,
    result,
    round_over,
    solution,
    verify,
    winning_moves,
)

A = Action.parse


def brute(game, solver: int) -> tuple[int, int]:
    """(the round's outcome for ``solver`` under best play, the solver's decisions left with
    the solver finishing fastest and the other side holding out longest), from the engine."""
    if round_over(game):
        return {"won": 1, "tied": 0, "lost": -1}[result(game, solver)], 0
    mover = game.to_act()[0]
    legal = game.legal_actions(mover)
    scored = []
    for action in legal:
        child = game.clone()
        child.apply(mover, action)
        scored.append(brute(child, solver))
    if mover == solver:
        best = max(v for v, _ in scored)
        return best, (len(legal) > 1) + min(d for v, d in scored if v == best)
    best = min(v for v, _ in scored)
    return best, max(d for v, d in scored if v == best)


def brute_options(game) -> list[tuple[Action, int, int]]:
    """Each legal move of the side to move: (move, outcome for the mover, decisions left
    for the other side, the puzzle's solver)."""
    mover = game.to_act()[0]
    out = []
    for action in game.legal_actions(mover):
        child = game.clone()
        child.apply(mover, action)
        v, d = brute(child, 1 - mover)
        out.append((action, -v, d))
    return out


# YAY attacks with 1 8 12 against 2 9 12. A12 (the rule of thumb: attack with the highest)
# loses: WOW holds it with its 12, attacks with the 9, and YAY must sacrifice its 1 (8 vs 2).
# A1 throws the showdown card away. A8 wins: whatever WOW does, YAY's 12 holds WOW's next
# attack and the 1 reaches the showdown.
KEEP_THE_12 = dict(yay=[1, 8, 12], wow=[2, 9, 12], phase="attack", attacker=YAY)
# WOW attacked with a 3; YAY holds 4 6 11 against WOW's 3 6. B4 (the cheapest card that
# holds) spends YAY's showdown card: a tie at best. B11 loses (WOW's 3 survives). B6 wins:
# YAY attacks with the 11, WOW must sacrifice its 3, and YAY's 4 beats the 6.
SAVE_THE_4 = dict(yay=[4, 6, 11], wow=[3, 6], phase="defend", attacker=WOW, attack=[3])


def test_is_winning_on_hand_made_positions():
    g = position(**KEEP_THE_12)
    assert winning_moves(g) == [A("A8")]
    assert is_winning(g, YAY, A("A8"))
    assert not is_winning(g, YAY, A("A12")) and not is_winning(g, YAY, A("A1"))
    g = position(**SAVE_THE_4)
    assert winning_moves(g) == [A("B6")]
    assert [is_winning(g, YAY, A(m)) for m in ("B4", "B6", "B11")] == [False, True, False]


def test_is_winning_refuses_what_is_not_a_move_now():
    g = position(**KEEP_THE_12)
    before = snapshot(g)
    for seat, move in ((WOW, "B9"), (YAY, "A3"), (YAY, "A8.12")):
        try:
            is_winning(g, seat, A(move))
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{move} by seat {seat} was judged")
    assert snapshot(g) == before
    duel = position([1, 8, 12], [2, 9, 12])  # the duel: no trick fight to judge
    try:
        winning_moves(duel)
    except PuzzleError:
        pass
    else:
        raise AssertionError("a duel was judged as a trick fight")


def test_refutation_shows_how_the_obvious_move_loses_and_changes_nothing():
    g = position(**KEEP_THE_12)
    before = snapshot(g)
    line = refutation(g, A("A12"))
    assert [(s, a.notation()) for s, a in line] == [(WOW, "B12"), (WOW, "A9"), (YAY, "S")]
    assert snapshot(g) == before
    try:
        refutation(g, A("A8"))
    except PuzzleError:
        pass
    else:
        raise AssertionError("a winning move was refuted")
    # the tie after B4 is the best YAY can get: the line ends in a tied showdown
    g = position(**SAVE_THE_4)
    line = refutation(g, A("B4"))
    for seat, action in [(YAY, A("B4")), *line]:
        g.apply(seat, action)
    assert result(g, YAY) == "tied"


def test_reply_holds_out_longest():
    # After A8, every answer of WOW loses; the brute force counts YAY's decisions after each.
    g = position(**KEEP_THE_12)
    g.apply(YAY, A("A8"))
    options = brute_options(g)
    best = max(v for _, v, _ in options)
    longest = max(d for _, v, d in options if v == best)
    assert reply(g) in [a for a, v, d in options if v == best and d == longest]
    # YAY 1 2 6 attacks with the 6 against 4 8 12: WOW loses whatever it does. Held with
    # the 8 or the 12, WOW must attack and YAY's answers are forced (the 2 or the 1 reaches
    # the showdown below WOW's cards); the sacrifice of the 4 leaves YAY a choice (A1 or A2),
    # so the referee sacrifices, though its taste alone would hold with the 8
    g = position([1, 2, 6], [4, 8, 12], phase="attack", attacker=YAY)
    g.apply(YAY, A("A6"))
    assert {a.notation(): (v, d) for a, v, d in brute_options(g)} == {
        "B8": (-1, 0), "B12": (-1, 0), "S": (-1, 1)}
    assert reply(g) == A("S")
    # After A12, WOW's S would leave YAY more decisions than B12, but B12 wins for WOW:
    # the outcome comes first, the length only among equal outcomes
    g = position(**KEEP_THE_12)
    g.apply(YAY, A("A12"))
    options = {a.notation(): (v, d) for a, v, d in brute_options(g)}
    assert options["S"][1] > options["B12"][1] and options["B12"][0] > options["S"][0]
    assert reply(g) == A("B12")


def test_solution_wins_and_every_step_is_judged_winning():
    for spec in (KEEP_THE_12, SAVE_THE_4):
        g = position(**spec)
        solver = g.to_act()[0]
        for seat, action in solution(g):
            if seat == solver:
                assert is_winning(g, seat, action)
            else:
                assert action == reply(g)
            g.apply(seat, action)
        assert result(g, solver) == "won"


def _puzzle(spec: dict, line) -> Puzzle:
    cards = {k: tuple(v) for k, v in spec.items() if isinstance(v, list)}
    return Puzzle(phase=spec["phase"], attacker=spec["attacker"], line=tuple(line), **cards)


def test_hint_names_the_danger_then_the_card():
    g = position(**KEEP_THE_12)
    p = _puzzle(KEEP_THE_12, solution(g))
    clue = hint(p, p.game())
    assert (clue.key, clue.params) == ("puzzle.hint.showdown_in_danger", {"card": 1})
    assert clue.action == A("A8") and clue.cards == (8,)
    p = _puzzle(SAVE_THE_4, solution(position(**SAVE_THE_4)))
    clue = hint(p, p.game())
    assert (clue.key, clue.params, clue.action) == ("puzzle.hint.showdown_in_danger",
                                                    {"card": 4}, A("B6"))


def test_hint_follows_the_main_line_and_then_the_referee():
    g = position(**KEEP_THE_12)
    p = _puzzle(KEEP_THE_12, solution(g))
    game = p.game()
    for k, (seat, action) in enumerate(p.line):
        if seat == p.solver:
            clue = hint(p, game)
            assert clue.action == action and clue.key in HINT_KEYS
            assert is_winning(game, seat, clue.action), k
        game.apply(seat, action)
    # off the main line (WOW sacrificed instead): the hint is still a winning move
    game = p.game()
    game.apply(YAY, A("A8"))
    game.apply(WOW, A("S"))
    clue = hint(p, game)
    # YAY 1 12 against 9 12: only A12 wins, and it is also the obvious move
    assert clue.action == A("A12") and is_winning(game, YAY, clue.action)
    assert (clue.key, clue.params) == ("puzzle.hint.count", {"mine": 1, "theirs": 9})


def test_hint_after_a_wrong_move_says_so():
    g = position(**KEEP_THE_12)
    p = _puzzle(KEEP_THE_12, solution(g))
    game = p.game()
    game.apply(YAY, A("A12"))
    game.apply(WOW, A("B12"))
    game.apply(WOW, A("A2"))  # a mistake by WOW: YAY may win again
    assert hint(p, game).key != "puzzle.hint.lost"
    game = p.game()
    game.apply(YAY, A("A1"))
    game.apply(WOW, A("B12"))
    game.apply(WOW, A("A9"))  # YAY 8 12 against 2: B12 or S, both lose
    clue = hint(p, game)
    assert clue.key == "puzzle.hint.lost" and not winning_moves(game)


@settings(max_examples=examples(80))
@given(cards=st.permutations(DEFAULT.deck_cards()), n=st.integers(2, 4),
       defend=st.booleans(), seat=st.sampled_from([YAY, WOW]))
def test_referee_agrees_with_brute_force(cards, n, defend, seat):
    """On random small positions (any phase, either seat), the referee's winning moves and
    replies match the engine-only brute force."""
    if defend:
        g = position(cards[:n], cards[n:2 * n - 1], phase="defend", attacker=1 - YAY,
                     attack=[cards[2 * n]]) if seat == YAY else \
            position(cards[:n - 1], cards[n:2 * n], phase="defend", attacker=YAY,
                     attack=[cards[2 * n]])
    else:
        g = position(cards[:n], cards[n:2 * n], phase="attack", attacker=seat)
    options = brute_options(g)
    assert winning_moves(g) == [a for a, v, _ in options if v == 1]
    best = max(v for _, v, _ in options)
    longest = max(d for _, v, d in options if v == best)
    assert reply(g) in [a for a, v, d in options if v == best and d == longest]


def test_verify_names_each_broken_promise():
    def made(yay, wow, line=None) -> Puzzle:
        g = position(yay, wow, phase="attack", attacker=YAY)
        return Puzzle("attack", YAY, tuple(yay), tuple(wow),
                      line=tuple(solution(g) if line is None else line))

    assert verify(made([1, 8, 12], [2, 9, 12])) == []
    # 1 11 12 against 2 3 4: A11 and A12 both win, and A12 is the rule of thumb's move
    assert verify(made([1, 11, 12], [2, 3, 4])) == [
        "winning first moves ['A11', 'A12'], expected only A12",
        "only 1 first move(s) do not win", "the rule of thumb's move A12 wins"]
    # B12 loses as surely as B9 but is not the referee's reply (the computer's taste: B9)
    text = made([1, 8, 12], [2, 9, 12]).to_text()
    longer = text.replace("W:B9,W:A12,Y:B12", "W:B12,W:A9,Y:B12")
    assert verify(Puzzle.from_text(longer)) == [
        "move 2 (B12) is not the longest defence (B9)"]
    # a line that does not win is refused before anything else is checked
    tied = made([1, 8, 12], [2, 9, 12], [(YAY, A("A8")), (WOW, A("B9")), (WOW, A("A2")),
                                        (YAY, A("S"))])
    assert verify(tied) == ["the main line does not win the round for the side to move"]


def test_hint_shows_the_stored_line_where_several_moves_win():
    # A puzzle of the 2026 set: YAY's 4-5-6 breaks WOW's 7s; later, with 1 2 against WOW's
    # last two cards, A1 and A2 both win. The hint shows the move of the puzzle's own line.
    text = "1144 1/2.3 AY 1.2.4.5.6 4.7.7.7.12 - 8.5 Y:A4.5.6,W:B7,W:B7,W:S,Y:A2,W:B7"
    p = Puzzle.from_text(text)
    game = p.game()
    for seat, action in p.line[:4]:
        game.apply(seat, action)
    assert winning_moves(game) == [A("A1"), A("A2")]
    assert hint(p, game).action == A("A2")
    after_a1 = game.clone()
    after_a1.apply(YAY, A("A1"))
    other = Puzzle.from_text(text.replace("Y:A2,W:B7", "Y:A1," + ",".join(
        f"{'YW'[s]}:{a.notation()}" for s, a in best_line(after_a1, YAY))))
    assert verify(other) == [] and hint(other, game).action == A("A1")
