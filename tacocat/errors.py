"""Typed errors, so callers can tell a bad move from a bad ruleset or a bad record."""


class TacocatError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(TacocatError, ValueError):
    """An action that the rules do not allow now; the game is left unchanged."""


class RulesetError(TacocatError, ValueError):
    """A ruleset that cannot be played (e.g. a deck too small for its largest hand)."""


class RecordError(TacocatError, ValueError):
    """A game record (or action notation) that is malformed or does not replay."""


class PositionError(TacocatError, ValueError):
    """A hand-built starting position that breaks the rules' invariants."""
