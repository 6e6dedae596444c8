"""The game in progress as the page keeps it on the device: a session's record, what each
seat has seen, and how it is played (mode, level, seat), in the stores' envelope
(:mod:`web.formats.stored`). A save that is not ours, is from another version or is
corrupt raises :class:`~tacocat.RecordError`; the page then sets it aside and says so."""

from __future__ import annotations

import json

from tacocat import WOW, YAY, GameRecord, RecordError
from tacocat.ai import LEVELS_OFFERED as LEVELS
from tacocat.record import MAX_JSON_BYTES
from web.formats.stored import read_stored
from web.model.session import MODE_AI, MODES, Session

SAVE_FORMAT = "tacocat-save"
SAVE_VERSION = 1


def save_text(session: Session) -> str:
    return json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION, "mode": session.mode,
                       "level": session.level, "human": session.human,
                       "result_pending": session.result_pending,
                       "record": GameRecord.of(session.game).to_dict(),
                       "seen": session.seen.to_dict(), "granted_by": session.granted_by})


def session_from_save(text: str) -> Session:
    data = read_stored(text, SAVE_FORMAT, SAVE_VERSION, what="the saved game",
                       not_ours="not a saved Tacocat game", error=RecordError,
                       old_version="the game was saved by another version of the page"
                                   " ({version!r})", max_bytes=MAX_JSON_BYTES)
    mode = data.get("mode") if data.get("mode") in MODES else MODE_AI
    level = data.get("level") if data.get("level") in LEVELS else LEVELS[0]
    human = data.get("human") if type(data.get("human")) is int and \
        data.get("human") in (YAY, WOW) else YAY
    session = Session.from_record(GameRecord.from_dict(data.get("record")), mode, level, human,
                                  data.get("result_pending") is True)
    session.restore_seen(data)
    granted = data.get("granted_by")
    session.granted_by = granted if type(granted) is int and granted in (YAY, WOW) else None
    return session
