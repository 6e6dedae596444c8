"""Cards: the value in two corners, the palindrome's picture, its name below it.

The element's accessible name is the whole card ("7 — Evil Olive"); the visible parts
(corners, picture, name) are hidden from screen readers so the card is read once. The
pictures are ``<symbol>``s of one sprite (``web/art/deck.svg``), placed with ``<use>``:
one drawing for the whole deck, drawn by the browser, with no markup built from text. The
page holds a copy of the sprite (scripts/build_sprite.py puts it in index.html, ids
prefixed ``sprite-``), so a picture is an in-page reference: one naming another file made
the browser look that file up again for every card it built (issue #38).
"""

from __future__ import annotations

from tacocat import card_name
from web.i18n.catalog import t
from web.model.text import card_label
from web.render.vdom import Node, h, svg

SPRITE = "#sprite-"  # the sprite's copy in index.html (scripts/build_sprite.py)


def art(symbol: str, cls: str, view_box: str = "0 0 100 100") -> Node:
    """One picture from the sprite, decorative (the element it sits in carries the name)."""
    return svg("svg", svg("use", href=f"{SPRITE}{symbol}"), class_=cls, viewBox=view_box,
               aria_hidden="true", focusable="false")


def fan_style(index: int, count: int) -> str:
    """A card's place in a fanned row, on the card itself: web/cards.css registers ``--i``
    and ``--n`` as not inherited, so a change of place restyles the card and not the shapes
    cloned into its picture."""
    return f"--i:{index};--n:{count}"


def card_face(value: int, tag: str = "div", cls: str = "", *extra: Node | None,
              key: str | None = None, place: tuple[int, int] | None = None,
              **attrs: object) -> Node:
    """One card face. ``place``: (its index, the row's length) in a fanned row (``--i`` and
    ``--n``, which web/cards.css turns into the card's angle and overlap)."""
    attrs.setdefault("role", None if tag == "button" else "img")
    attrs["aria_label"] = card_label(value)
    return h(tag, f"card {cls}".strip(), None,
             h("span", "card-value", str(value), aria_hidden="true"),
             art(f"art-{value}", "card-art"),
             h("span", "card-name", card_name(value), aria_hidden="true"),
             h("span", "card-value corner", str(value), aria_hidden="true"), *extra,
             key=key, style=";".join([f"--v:{value}", *([fan_style(*place)] if place else [])]),
             data_value=value, **attrs)


def card_back(cls: str = "", key: str | None = None, **attrs: object) -> Node:
    attrs.setdefault("role", "img")
    attrs.setdefault("aria_label", t("card.back"))
    return h("div", f"card back {cls}".strip(), None,
             art("card-back", "back-art", "0 0 100 142"), key=key, **attrs)
