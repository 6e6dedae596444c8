"""The page around the table, as control/ decides it: which screen shows, the message and
the spoken announcement, the menu, the first-visit offer, the share link. Views draw it
(web/views/chrome_view.py); nothing reads it back from the page.

One value says what the table shows (:data:`SHOWING`): the game, a replay, a lesson or a
puzzle — the replay's, the lesson's and the puzzle's own state exist only while they
show."""

from __future__ import annotations

from dataclasses import dataclass

GAME, REPLAY, LESSON, PUZZLE = "game", "replay", "lesson", "puzzle"
SHOWING = (GAME, REPLAY, LESSON, PUZZLE)


@dataclass
class Chrome:
    ready: bool = False  # Python runs: the controls that need it are enabled
    showing: str = GAME
    message: str = ""  # the note above the hand (an alert when ``alert``)
    alert: bool = False
    spoken: str = ""  # the live region's sentence (a screen reader says it)
    said: int = 0  # announcements so far: the same sentence twice is said twice
    menu_open: bool = False
    offer: bool = False  # the first visit's "learn to play" offer
    lesson_only: bool = False  # an article's single lesson or puzzle: nothing else of the page
    share_url: str = ""

    def say(self, text: str) -> None:
        if text:
            self.spoken = text
            self.said += 1

    def note(self, text: str, alert: bool = False) -> None:
        self.message, self.alert = text, alert


__all__ = ["GAME", "LESSON", "PUZZLE", "REPLAY", "SHOWING", "Chrome"]
