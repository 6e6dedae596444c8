"""A sparring partner for evaluation only: a card-counting heuristic, written from scratch.

It counts the cards it has not seen (the opponent's hand is a random subset of them) and
asks simple probability questions of that count: how likely the opponent holds a card at
least this high, how low their lowest card probably is. No search, no solver.

* **Replace**: keep the lowest card when it beats the opponent's likely lowest card, a
  second low card in big hands (insurance against a sacrifice), and every card the
  opponent probably cannot beat; discard the rest, the most middling first.
* **Duel**: seal the highest card if it probably wins the duel; otherwise seal the
  second-lowest card (duck: keep the fighters to defend).
* **Attack**: the card (or Jumbo that spares the lowest card) the opponent is least
  likely to cover; a Jumbo wins ties on that chance because it sheds more cards.
* **Defend**: the cheapest card that holds other than the showdown card; sacrifice only
  when the second-lowest card would still make a good showdown card.
"""

from __future__ import annotations

from math import comb

from tacocat.actions import ATTACK, DEFEND, DUEL, REPLACE, SACRIFICE, Action
from tacocat.moves import PHASE_ATTACK, PHASE_DUEL, PHASE_REPLACE, attack_options
from tacocat.observation import Observation


def p_none_at_least(unseen: list[int], n: int, value: int, need: int = 1) -> float:
    """Chance that a random ``n``-card hand from ``unseen`` holds fewer than ``need``
    cards ≥ ``value`` (hypergeometric)."""
    total = len(unseen)
    good = sum(c >= value for c in unseen)
    if n <= 0 or total == 0:
        return 1.0
    n = min(n, total)
    den = comb(total, n)
    return sum(comb(good, k) * comb(total - good, n - k) for k in range(need)) / den


def p_lowest_above(unseen: list[int], n: int, value: int) -> float:
    """Chance that every card of a random ``n``-card hand from ``unseen`` is > ``value``."""
    total = len(unseen)
    above = sum(c > value for c in unseen)
    if n <= 0 or total == 0:
        return 1.0
    n = min(n, total)
    return comb(above, n) / comb(total, n)


class CounterPlayer:
    """The card-counting heuristic (see the module docstring)."""

    name = "counter"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions()
        if len(legal) == 1:
            return legal[0]
        unseen = obs.unseen()
        n = obs.opponent_hand_size
        hand = list(obs.hand)
        if obs.phase == PHASE_REPLACE:
            return Action(REPLACE, self._discards(hand, obs.replace_limit, unseen, n))
        if obs.phase == PHASE_DUEL:
            if p_none_at_least(unseen, n, hand[-1] + 1) >= 0.5 or len(hand) < 3:
                return Action(DUEL, (hand[-1],))
            return Action(DUEL, (hand[1],))
        if obs.phase == PHASE_ATTACK:
            return self._attack(hand, unseen, n, obs.ruleset.jumbo)
        return self._answer(hand, obs.target or 0, unseen, n)

    def _discards(self, hand: list[int], limit: int, unseen: list[int],
                  n: int) -> tuple[int, ...]:
        keep = set()
        if p_lowest_above(unseen, n, hand[0]) >= 0.35:
            keep.add(0)
        if len(hand) >= 6 and hand[1] <= 4:
            keep.add(1)
        for i, c in enumerate(hand):
            if p_none_at_least(unseen, n, c + 1) >= 0.55:
                keep.add(i)
        junk = [i for i in range(len(hand)) if i not in keep]
        junk.sort(key=lambda i: (abs(hand[i] - 7.5), -hand[i]))
        return tuple(sorted(hand[i] for i in junk[:limit]))

    def _attack(self, hand: list[int], unseen: list[int], n: int, jumbo: bool) -> Action:
        best, best_key = None, None
        for a in attack_options(hand, jumbo):
            cards = a.cards
            rest = list(hand)
            for c in cards:
                rest.remove(c)
            if rest[0] > hand[0] and len(hand) > 2:
                continue  # never give up the showdown card
            # chance they cannot cover every card: their weakest answer is to the highest
            # card, so ask whether they hold len(cards) cards at least as high as our lowest
            miss = p_none_at_least(unseen, n, cards[0], need=len(cards))
            if len(cards) == 1:
                miss = p_none_at_least(unseen, n, cards[0])
            key = (round(miss, 2), len(cards), cards[-1])
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best or Action(ATTACK, (hand[-1],))

    def _answer(self, hand: list[int], target: int, unseen: list[int], n: int) -> Action:
        holders = [c for c in hand[1:] if c >= target]
        if holders:
            if len(hand) > 2 and hand[1] <= 3 and holders[0] >= 10 and target <= 6:
                return Action(SACRIFICE)  # a spare low card: keep the big fighter
            return Action(DEFEND, (holders[0],))
        if hand[0] >= target:
            return Action(DEFEND, (hand[0],))
        return Action(SACRIFICE)
