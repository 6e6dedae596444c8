"""A sparring partner for evaluation only: information-set MCTS over the rest of the round.

Written independently of ``tacocat.ai`` (it shares only the engine's legal attack list and
the observation's card counts): single-observer ISMCTS (Cowling, Powley & Whitehouse 2012)
on a compact model of one round — replacement (searched: a few dozen candidate discard
sets), the sealed duel, tricks and the showdown. Each iteration samples a determinization
(the opponent's hand and the draw pile's order) from the unseen cards, walks a tree keyed
by the sequence of actions with UCB1 over the actions available in that determinization
(availability counts), expands one node and finishes the round with a noisy rule-of-thumb
playout. Simultaneous choices (the duel, replacing at the centre) are decoupled: each side
picks from its own statistics, so neither "sees" the other's sealed card. Reward: the round
(+1 win, 0 tie, −1 loss). Deterministic: one ``Random`` per decision seeded by the player's
seed and the public observation.
"""

from __future__ import annotations

import math
from random import Random
from typing import Any

from tacocat.actions import ATTACK, DEFEND, DUEL, REPLACE, SACRIFICE, Action
from tacocat.moves import PHASE_ATTACK, PHASE_DUEL, PHASE_REPLACE, attack_options
from tacocat.observation import Observation

ME, OPP = 0, 1
BOTH = 2


def discard_candidates(hand: list[int], limit: int) -> list[tuple[int, ...]]:
    """Discard sets to search: for each count k ≤ limit, the k cards nearest the middle
    (7.5), protecting none, the lowest, or the two lowest cards."""
    out: list[tuple[int, ...]] = [()]
    seen = {()}
    idx = sorted(range(len(hand)), key=lambda i: (abs(hand[i] - 7.5), -hand[i]))
    for protect in (0, 1, 2):
        order = [i for i in idx if i >= protect]
        for k in range(1, min(limit, len(order)) + 1):
            d = tuple(sorted(hand[i] for i in order[:k]))
            if d not in seen:
                seen.add(d)
                out.append(d)
    return out


# Move lists depend only on the hand (and a limit or the Jumbo rule): computed once per
# hand, not once per visit (a speed-up only: the lists and their order are the same).
_CACHE: dict[tuple[Any, ...], list[Any]] = {}
_CACHE_MAX = 200_000


def _cached(key: tuple[Any, ...], fn: Any, *args: Any) -> list[Any]:
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        got = _CACHE[key] = fn(*args)
    return got


def _attack_cards(hand: list[int], jumbo: bool) -> list[tuple[int, ...]]:
    return [a.cards for a in attack_options(hand, jumbo)]


class Round:
    """The rest of one round with every card known (a determinization)."""

    __slots__ = (
        "actor",
        "hands",
        "held",
        "jumbo",
        "limit",
        "pending",
        "phase",
        "pile",
        "result",
    )

    def __init__(self, hands: list[list[int]], pile: list[int], phase: str, actor: int,
                 limit: int = 0, pending: tuple[int, ...] = (), held: bool = True,
                 jumbo: bool = True) -> None:
        self.hands = hands
        self.pile = pile
        self.phase = phase  # "rep1" (actor first), "rep2" (actor second), "repS", "duel",
        self.actor = actor  # "att", "def" (actor defends), "end"
        self.limit = limit
        self.pending = pending
        self.held = held
        self.result = 0
        self.jumbo = jumbo

    def copy(self) -> Round:
        r = Round([list(self.hands[0]), list(self.hands[1])], list(self.pile), self.phase,
                  self.actor, self.limit, self.pending, self.held, self.jumbo)
        return r

    def to_move(self) -> int:
        return BOTH if self.phase in ("repS", "duel") else self.actor

    def actions(self, who: int) -> list[Any]:
        h = self.hands[who]
        if self.phase in ("rep1", "rep2"):
            return _cached(("rep", tuple(h), self.limit), discard_candidates, h, self.limit)
        if self.phase == "repS":
            return _cached(("rep", tuple(h), len(h)), discard_candidates, h, len(h))
        if self.phase == "duel":
            return sorted(set(h))
        if self.phase == "att":
            return _cached(("att", tuple(h), self.jumbo), _attack_cards, h, self.jumbo)
        target = self.pending[0]
        out: list[Any] = [("D", c) for c in sorted(set(h)) if c >= target]
        if h[0] < target:
            out.append(("S",))
        return out

    def _draw(self, who: int, discard: tuple[int, ...]) -> None:
        h = self.hands[who]
        for c in discard:
            h.remove(c)
        k = len(discard)
        h.extend(self.pile[:k])
        del self.pile[:k]
        h.sort()

    def _showdown_or_play(self, attacker: int) -> None:
        if len(self.hands[0]) == 1:
            a, b = self.hands[0][0], self.hands[1][0]
            self.result = 1 if a < b else (-1 if a > b else 0)
            self.phase = "end"
        else:
            self.phase, self.actor = "att", attacker

    def step(self, move: Any, other: Any = None) -> None:
        """Apply ``move`` (by the actor), or both sealed moves (``move`` mine)."""
        if self.phase == "rep1":
            self._draw(self.actor, move)
            self.phase, self.limit, self.actor = "rep2", len(move), 1 - self.actor
        elif self.phase == "rep2":
            self._draw(self.actor, move)
            self.phase = "duel"
        elif self.phase == "repS":
            self._draw(ME, move)
            self._draw(OPP, other)
            self.phase = "duel"
        elif self.phase == "duel":
            self.hands[ME].remove(move)
            self.hands[OPP].remove(other)
            if move == other and len(self.hands[0]) > 1:
                return  # another duel
            if move == other:
                self._showdown_or_play(ME)
            else:
                self._showdown_or_play(ME if move > other else OPP)
        elif self.phase == "att":
            h = self.hands[self.actor]
            for c in move:
                h.remove(c)
            self.phase, self.pending, self.held = "def", tuple(move), True
            self.actor = 1 - self.actor
        else:  # def: self.actor answers pending[0]
            h = self.hands[self.actor]
            if move[0] == "D":
                h.remove(move[1])
            else:
                del h[0]
                self.held = False
            self.pending = self.pending[1:]
            if not self.pending:
                defender = self.actor
                self._showdown_or_play(defender if self.held else 1 - defender)


def playout_move(r: Round, who: int, rng: Random, noise: float) -> Any:
    """The playout policy: the rule of thumb, a random move ``noise`` of the time."""
    acts = r.actions(who)
    if rng.random() < noise:
        return rng.choice(acts)
    h = r.hands[who]
    if r.phase in ("rep1", "rep2", "repS"):
        lim = r.limit if r.phase != "repS" else len(h)
        return tuple(sorted(c for c in h if 5 <= c <= 9)[:lim])
    if r.phase == "duel":
        return h[-1]
    if r.phase == "att":
        return (h[-1],)
    target = r.pending[0]
    for c in h:
        if c >= target:
            return ("D", c)
    return ("S",)


class Node:
    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        # per side: action -> [visits, total reward for that side, availability]
        self.stats: tuple[dict[Any, list[float]], dict[Any, list[float]]] = ({}, {})


def _pick(node: Node, side: int, acts: list[Any], c: float, rng: Random) -> tuple[Any, bool]:
    """UCB1 with availability counts; an untried action first. Returns (action, new)."""
    st = node.stats[side]
    untried = [a for a in acts if a not in st or st[a][0] == 0]
    for a in acts:
        s = st.setdefault(a, [0.0, 0.0, 0.0])
        s[2] += 1
    if untried:
        return rng.choice(untried), True
    best, best_v = acts[0], -math.inf
    for a in acts:
        n, w, avail = st[a]
        v = w / n + c * math.sqrt(math.log(avail) / n)
        if v > best_v:
            best, best_v = a, v
    return best, False


class ISMCTSPlayer:
    """ISMCTS over the round, replacement included; ``iterations`` per decision."""

    def __init__(self, seed: int = 0, iterations: int = 300, c: float = 0.8,
                 noise: float = 0.1) -> None:
        self.seed = seed
        self.iterations = iterations
        self.c = c
        self.noise = noise
        self.name = f"ismcts-{iterations}"

    def _root(self, obs: Observation, rng: Random, unseen: list[int],
              pool: list[int]) -> Round:
        """A fresh determinization (``unseen``: the cards the viewer cannot see; ``pool``:
        those the opponent can hold — computed once per decision)."""
        me = obs.viewer
        opp = rng.sample(pool, obs.opponent_hand_size)
        rest = list(unseen)
        for x in opp:
            rest.remove(x)
        rng.shuffle(rest)
        hands = [sorted(obs.hand), sorted(opp)]
        jumbo = obs.ruleset.jumbo
        if obs.phase == PHASE_REPLACE:
            if obs.replaced[1 - me] is not None:
                return Round(hands, rest, "rep2", ME, obs.replace_limit, jumbo=jumbo)
            if obs.arrow is None:
                return Round(hands, rest, "repS", ME, jumbo=jumbo)
            return Round(hands, rest, "rep1", ME, obs.replace_limit, jumbo=jumbo)
        if obs.phase == PHASE_DUEL:
            return Round(hands, rest, "duel", ME, jumbo=jumbo)
        if obs.phase == PHASE_ATTACK:
            return Round(hands, rest, "att", ME, jumbo=jumbo)
        pending = obs.attack[len(obs.answers):]
        held = all(ok for _, ok in obs.answers)
        return Round(hands, rest, "def", ME, pending=pending, held=held, jumbo=jumbo)

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions()
        if len(legal) == 1:
            return legal[0]
        key = (self.seed, obs.viewer, obs.round, obs.cat, obs.phase, obs.hand, obs.discard,
               obs.attack, obs.answers, obs.duels, obs.replaced, obs.moves)
        rng = Random(repr(key))
        root = Node()
        unseen = obs.unseen()
        floor = obs.opponent_floor()
        pool = [x for x in unseen if x >= floor]
        for _ in range(self.iterations):
            self._iterate(root, self._root(obs, rng, unseen, pool), rng)
        st = root.stats[ME]
        best = max(st, key=lambda a: (st[a][0], st[a][1]))
        return self._action(obs, best)

    def _iterate(self, root: Node, r: Round, rng: Random) -> None:
        path: list[tuple[Node, int, Any]] = []  # (node, side, action) to credit
        node = root
        expanded = False
        while r.phase != "end" and not expanded:
            who = r.to_move()
            if who == BOTH:
                a, new0 = _pick(node, ME, r.actions(ME), self.c, rng)
                b, new1 = _pick(node, OPP, r.actions(OPP), self.c, rng)
                path += [(node, ME, a), (node, OPP, b)]
                key: Any = (a, b)
                r.step(a, b)
                expanded = new0 or new1
            else:
                a, expanded = _pick(node, who, r.actions(who), self.c, rng)
                path.append((node, who, a))
                key = a
                r.step(a)
            node = node.children.setdefault(key, Node())
        while r.phase != "end":
            who = r.to_move()
            if who == BOTH:
                r.step(playout_move(r, ME, rng, self.noise), playout_move(r, OPP, rng, self.noise))
            else:
                r.step(playout_move(r, who, rng, self.noise))
        for n, side, a in path:
            s = n.stats[side][a]
            s[0] += 1
            s[1] += r.result if side == ME else -r.result

    @staticmethod
    def _action(obs: Observation, move: Any) -> Action:
        if obs.phase == PHASE_REPLACE:
            return Action(REPLACE, tuple(move))
        if obs.phase == PHASE_DUEL:
            return Action(DUEL, (move,))
        if obs.phase == PHASE_ATTACK:
            return Action(ATTACK, tuple(move))
        return Action(DEFEND, (move[1],)) if move[0] == "D" else Action(SACRIFICE)
