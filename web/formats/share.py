"""A game in a link: the record, compressed, in the URL's fragment (``#record=...``), so it
never reaches a server. Reading one is as strict as importing a file."""

from __future__ import annotations

import base64
import binascii
import zlib

from tacocat import RecordError

PREFIX = "#record="
MAX_CODE = 200_000  # characters in the fragment
MAX_JSON = 2_000_000  # bytes once inflated


def encode(record_json: str) -> str:
    raw = zlib.compress(record_json.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode(code: str) -> str:
    """The record's JSON text; :class:`RecordError` when the link is damaged."""
    if len(code) > MAX_CODE:
        raise RecordError("the link is too long to hold a game")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflate = zlib.decompressobj()
        data = inflate.decompress(raw, MAX_JSON)
        if inflate.unconsumed_tail or not inflate.eof:
            raise RecordError("the link is damaged or holds too much")
        return data.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise RecordError("the link is damaged") from None


def from_fragment(fragment: str) -> str | None:
    """The code of a ``#record=`` fragment, or ``None`` for any other fragment."""
    return fragment[len(PREFIX):] if fragment.startswith(PREFIX) else None
