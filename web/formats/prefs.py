"""The player's preferences: computer pace and level, mode, seat, sound, theme. Only values
the page offers are kept; anything else in storage or the URL falls back to the default."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from tacocat import WOW, YAY
from tacocat.game import SEED_LIMIT
from tacocat.record import load_json
from web.model.levels import LEVELS
from web.model.session import MODE_AI, MODES, PACES

DEFAULT_PACE = 900
# "auto" follows the device (prefers-color-scheme). index.html's first script reads the
# stored choice before the first paint, so a dark page never flashes light.
THEMES = ("auto", "light", "dark")


@dataclass
class Prefs:
    pace: int = DEFAULT_PACE
    level: str = LEVELS[0]
    mode: str = MODE_AI
    human: int = YAY
    sound: bool | None = None  # None: the default (on, but off inside an article)
    theme: str = THEMES[0]

    def update(self, data: dict) -> None:
        """Take the valid entries of ``data`` (stored JSON or URL parameters)."""
        pace = data.get("pace")
        if isinstance(pace, str) and pace.strip().lstrip("-").isdigit():
            pace = int(pace)
        if type(pace) is int and pace in PACES:
            self.pace = pace
        if data.get("level") in LEVELS:
            self.level = data["level"]
        if data.get("mode") in MODES:
            self.mode = data["mode"]
        if type(data.get("human")) is int and data["human"] in (YAY, WOW):
            self.human = data["human"]
        sound = data.get("sound")
        if sound in ("0", "1"):  # ?sound=0 / ?sound=1
            sound = sound == "1"
        if type(sound) is bool:
            self.sound = sound
        if data.get("theme") in THEMES:
            self.theme = data["theme"]

    @classmethod
    def from_text(cls, text: str) -> Prefs:
        """Stored preferences; raises ``ValueError`` (``RecordError``) when they are not a
        JSON object."""
        data = load_json(text, max_bytes=10_000, what="the preferences")
        if not isinstance(data, dict):
            raise ValueError("preferences must be a JSON object")
        prefs = cls()
        prefs.update(data)
        return prefs

    def to_text(self) -> str:
        return json.dumps(asdict(self))


def parse_seed(text: object) -> int | None:
    """A seed the engine accepts (a whole number within 64 bits), else ``None``."""
    try:
        value = int(str(text).strip())
    except (TypeError, ValueError):
        return None
    return value if -SEED_LIMIT <= value < SEED_LIMIT else None
