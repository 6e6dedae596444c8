"""Tacocat Spelled Backwards: a pure-Python rules engine (standard library only).

>>> from tacocat import Game, Action, YAY, WOW
>>> game = Game(seed=7)
>>> game.to_act()            # the centre space has a double arrow: both replace at once
(0, 1)
>>> game.apply(YAY, Action.replace())[0].kind
'committed'
"""

from .actions import Action, format_move, parse_move
from .cards import card_label, card_name
from .errors import IllegalActionError, PositionError, RecordError, RulesetError, TacocatError
from .events import Event
from .game import Game, Outcome
from .observation import Observation, observe
from .players import Player, RandomPlayer
from .record import GameRecord
from .ruleset import DEFAULT, SEATS, WOW, YAY, Ruleset, Space

__all__ = [
    "DEFAULT", "SEATS", "WOW", "YAY", "Action", "Event", "Game", "GameRecord",
    "IllegalActionError", "Observation", "Outcome", "Player", "PositionError",
    "RandomPlayer", "RecordError", "Ruleset", "RulesetError", "Space", "TacocatError",
    "card_label", "card_name", "format_move", "observe", "parse_move",
]
__version__ = "0.1.0"
