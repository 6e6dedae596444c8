"""What happened when an action was applied, so a renderer can animate and log it
without diffing states. Events that reveal a hand are private to that hand's owner;
:meth:`Event.visible_to` strips them for anyone else."""

from __future__ import annotations

from typing import Any, NamedTuple

ROUND_STARTED = "round_started"  # info: round, space, hand_size, arrow (seat or None)
DEALT = "dealt"  # player, cards (private)
COMMITTED = "committed"  # player sealed a choice; info: step ("replace" | "duel")
REPLACED = "replaced"  # player, cards discarded face up (public)
DREW = "drew"  # player, cards drawn (private; others see only the count)
DUEL = "duel"  # cards=(yay card, wow card); info: tie, attacker
ATTACKED = "attacked"  # player (attacker), cards
DEFENDED = "defended"  # player (defender), cards=(card,), info: against
SACRIFICED = "sacrificed"  # player (defender), cards=(lowest card,), info: against
TRICK = "trick"  # player = who attacks next; info: defended (bool), cards (all played)
SHOWDOWN = "showdown"  # cards=(yay card, wow card); info: winner (seat or None)
ROUND_TIED = "round_tied"  # info: space
CAT_MOVED = "cat_moved"  # player = round winner; info: from, to (-1 / len(spaces) = goal)
TILE_PLACED = "tile_placed"  # info: space
GAME_WON = "game_won"  # player = winner

PRIVATE_KINDS = frozenset({DEALT, DREW})


class Event(NamedTuple):
    kind: str
    player: int | None = None
    cards: tuple[int, ...] = ()
    info: dict[str, Any] | None = None

    def visible_to(self, viewer: int | None) -> Event:
        """This event as ``viewer`` may see it (``None``: a spectator who sees no hand)."""
        if self.kind in PRIVATE_KINDS and self.player != viewer:
            info = dict(self.info or {})
            info["count"] = len(self.cards)
            return Event(self.kind, self.player, (), info)
        return self

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "player": self.player, "cards": list(self.cards)}
        if self.info:
            d.update(self.info)
        return d
