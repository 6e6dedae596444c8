"""The look's data, without a browser: the theme preference and its menu choices, a card
face's parts (two corner values, its picture from the sprite, its name, one accessible
name), the hand's fan indices and the goals' flags (e2e/test_look.py checks the drawing)."""

from __future__ import annotations

import json

import pytest

from tacocat import YAY, card_name
from web.formats.prefs import THEMES, Prefs
from web.i18n import catalog as i18n
from web.model.screen import Screen, Ui
from web.model.session import MODE_AI, MODE_HOTSEAT, Session
from web.views.board_view import board
from web.views.card_view import SPRITE, card_back, card_face
from web.views.chrome_view import theme_choices
from web.views.hand_view import hand


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_theme_defaults_to_the_device_and_keeps_only_known_values():
    assert Prefs().theme == "auto" == THEMES[0]
    prefs = Prefs()
    prefs.update({"theme": "dark"})
    assert prefs.theme == "dark"
    for bad in ("Dark", "", None, 3, ["dark"], {"dark": 1}, "<b>", "auto "):
        prefs.update({"theme": bad})
        assert prefs.theme == "dark", bad  # ignored: the last valid choice stays
    assert Prefs.from_text(prefs.to_text()).theme == "dark"
    assert Prefs.from_text(json.dumps({"theme": "purple"})).theme == "auto"


def test_theme_choices_offer_every_theme_with_the_current_one_selected():
    (root,) = theme_choices("theme", "light")
    assert root.ident == "theme"
    options = root.node().find_all("option")
    assert [o.attrs["value"] for o in options] == list(THEMES)
    assert [o.all_text for o in options] == ["Device setting", "Light", "Dark"]
    assert [o.attrs.get("selected") is not None for o in options] == [False, True, False]
    i18n.set_language("mr")
    (root,) = theme_choices("theme", "auto")
    assert [o.all_text for o in root.node().find_all("option")] != ["Device setting", "Light",
                                                                   "Dark"]


@pytest.mark.parametrize("value", range(1, 13))
def test_a_card_face_has_two_corners_its_picture_and_one_name(value):
    card = card_face(value, "button", "card", place=(4, 9))
    assert card.attrs["aria-label"] == f"{value} — {card_name(value)}"
    assert card.attrs["style"] == f"--v:{value};--i:4;--n:9"
    corners = card.find_all("span", "card-value")
    assert [c.all_text for c in corners] == [str(value)] * 2
    assert "corner" in corners[1].attrs["class"]
    art = card.find("svg", "card-art")
    assert art.attrs["aria-hidden"] == "true" and art.attrs["focusable"] == "false"
    (use,) = art.children
    assert use.tag == "use" and use.attrs["href"] == f"{SPRITE}art-{value}"
    assert card.find("span", "card-name").all_text == card_name(value)
    # every visible part is hidden from screen readers: the card is read once
    assert all(part.attrs.get("aria-hidden") == "true" for part in card.children)


def test_a_card_back_draws_the_back_pattern_and_says_it_is_a_back():
    back = card_back()
    assert back.attrs["aria-label"] == "Face-down card"
    assert back.find("use").attrs["href"] == f"{SPRITE}card-back"


def _screen(scenario: str, mode: str = MODE_AI) -> Screen:
    return Screen.build(Session.new(5, mode, "easy", YAY, scenario), Ui())


@pytest.mark.parametrize("scenario", ["big-replace", "big-duel", "big-defend"])
def test_the_hand_numbers_its_cards_for_the_fan(scenario):
    found = {r.ident: r for r in hand(_screen(scenario))}
    cards = found["hand"].node().find_all("button", "card")
    assert found["hand"].attrs["style"] == f"--n:{len(cards)}"
    n = len(cards)
    assert [c.attrs["style"].split(";")[1:] for c in cards] == [[f"--i:{i}", f"--n:{n}"]
                                                               for i in range(n)]


def test_a_hidden_hot_seat_hand_fans_its_backs_too():
    s = Screen.build(Session.new(5, MODE_HOTSEAT, "easy", YAY, "big-duel"), Ui(viewer=None))
    found = {r.ident: r for r in hand(s)}
    backs = found["hand"].node().children
    assert backs and all(b.find("use") is not None for b in backs)
    n = len(backs)
    assert [b.attrs["style"] for b in backs] == [f"--i:{i};--n:{n}" for i in range(n)]


def test_each_goal_flies_its_own_flag():
    track = {r.ident: r for r in board(_screen("big-duel"))}["track"].node()
    flags = [use.attrs["href"] for use in track.find_all("use")]
    assert flags == [f"{SPRITE}goal-yay", f"{SPRITE}goal-wow"]
