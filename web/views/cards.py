"""Cards drawn with CSS: the value in the corner, the palindrome below it.

The element's accessible name is the whole card ("7 — Evil Olive"); the visible parts
are hidden from screen readers so the card is read once.
"""

from __future__ import annotations

from tacocat import card_name

from ..dom import el
from ..i18n import t
from ..text import card_label


def card_face(value: int, tag: str = "div", cls: str = "", **attrs: object):
    attrs.setdefault("role", None if tag == "button" else "img")
    node = el(tag, f"card {cls}".strip(), None, style=f"--v:{value}", data_value=value, **attrs)
    node.setAttribute("aria-label", card_label(value))
    node.append(el("span", "card-value", str(value), aria_hidden="true"))
    node.append(el("span", "card-name", card_name(value), aria_hidden="true"))
    return node


def card_back(cls: str = "", **attrs: object):
    attrs.setdefault("role", "img")
    attrs.setdefault("aria_label", t("card.back"))
    return el("div", f"card back {cls}".strip(), None, **attrs)
