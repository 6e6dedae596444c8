"""Cards drawn with CSS: the value in the corner, the palindrome below it.

The element's accessible name is the whole card ("7 — Evil Olive"); the visible parts
are hidden from screen readers so the card is read once.
"""

from __future__ import annotations

from tacocat import card_name
from web.model.i18n import t
from web.model.text import card_label
from web.render.vdom import Node, h


def card_face(value: int, tag: str = "div", cls: str = "", *extra: Node | None,
              key: str | None = None, **attrs: object) -> Node:
    attrs.setdefault("role", None if tag == "button" else "img")
    attrs["aria_label"] = card_label(value)
    return h(tag, f"card {cls}".strip(), None,
             h("span", "card-value", str(value), aria_hidden="true"),
             h("span", "card-name", card_name(value), aria_hidden="true"), *extra,
             key=key, style=f"--v:{value}", data_value=value, **attrs)


def card_back(cls: str = "", key: str | None = None, **attrs: object) -> Node:
    attrs.setdefault("role", "img")
    attrs.setdefault("aria_label", t("card.back"))
    return h("div", f"card back {cls}".strip(), None, key=key, **attrs)
