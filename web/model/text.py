"""Sentences the page shows, composed from catalog strings (no DOM, unit-tested in CPython).

Every view asks :class:`Words` for its text, so a phrase such as "You attack first." or
"7 — Evil Olive" is written once. Log entries carry catalog keys and parameters
(:class:`web.model.session.Entry`); :meth:`Words.entry` turns them into text in the current
language, with the player's own actions in the second person ("You attack with 9.").
"""

from __future__ import annotations

from typing import Any

from tacocat import SEATS, WOW, YAY, Action, card_name
from tacocat.actions import ATTACK, DEFEND, DUEL, REPLACE
from tacocat.moves import sacrificed_card
from web.i18n.catalog import has, t, term
from web.model.session import MODE_AI, space_letter


def card_label(value: int) -> str:
    """A card's accessible name, e.g. "7 — Evil Olive"."""
    return t("card.label", value=value, name=card_name(value))


def cards_text(cards) -> str:
    return ", ".join(map(str, cards)) if cards else t("cards.none")


def arrow_words(arrow: int | None) -> str:
    """'double arrow' or 'arrow points at WOW', translated."""
    if arrow is None:
        return t("board.arrow.double")
    return t("board.arrow.at", seat=goal_name(arrow))


def goal_name(seat: int) -> str:
    """A seat's (and its goal's) name, YAY or WOW, as a term messages may inflect."""
    return term(f"seat.{SEATS[seat]}")


def place_text(index: int, n_spaces: int) -> str:
    """A board position: "C (space 3)" or "the YAY goal"."""
    if index < 0 or index >= n_spaces:
        return t("place.goal", seat=goal_name(YAY if index < 0 else WOW))
    return t("place.space", letter=space_letter(index, n_spaces), index=index + 1)


def sentence(text: str) -> str:
    """``text`` ending in a full stop (messages built from parts end in one)."""
    text = text.rstrip()
    return text if not text or text.endswith((".", "!", "?", "…", "।")) else text + "."


class Words:
    """Text for one session: who "you" are decides names and second-person forms."""

    def __init__(self, mode: str, human: int) -> None:
        self.mode = mode
        self.human = human

    def is_you(self, seat: int | None) -> bool:
        return self.mode == MODE_AI and seat == self.human

    def seat_name(self, seat: int) -> str:
        """Who plays a seat ("You", "Computer", or the seat's name), as a term messages may
        inflect ({who.erg})."""
        if self.mode == MODE_AI:
            return term("seat.you") if seat == self.human else term("seat.computer")
        return goal_name(seat)

    def seat_long(self, seat: int, level: str) -> str:
        """The computer's full name, e.g. "Computer, hard (WOW)"."""
        if self.mode == MODE_AI and seat != self.human:
            return t("seat.computer.long", level=term(f"level.{level}"), seat=goal_name(seat))
        return self.seat_name(seat)

    def tw(self, key: str, who: int | None, **params: Any) -> str:
        """``key`` with ``{who}``, using the key's ``.you`` form when ``who`` is the player."""
        if who is not None and self.is_you(who) and has(key + ".you"):
            key += ".you"
        if who is not None:
            params["who"] = self.seat_name(who)
        return t(key, **params)

    def param(self, value: Any) -> Any:
        """A log parameter as text: seats, goals, nested catalog phrases, card lists."""
        if isinstance(value, tuple) and value:
            if value[0] == "seat":
                return self.seat_name(value[1])
            if value[0] == "goal":
                return goal_name(value[1])
            if value[0] == "t":
                return t(value[1], **{k: self.param(v) for k, v in value[2].items()})
        if isinstance(value, list):
            return cards_text(value)
        return value

    def entry(self, entry) -> str:
        """A move-log line in the current language."""
        params = dict(entry.params)
        who = params.pop("who", None)
        params = {k: self.param(v) for k, v in params.items()}
        if who is not None:
            return self.tw(entry.key, who[1], **params)
        return t(entry.key, **params)

    def action(self, action: Action, hand) -> str:
        """What a move does, e.g. "Attack with 5, 6, 7" (hints, take-back reasons)."""
        if action.kind == REPLACE:
            return t("do.replace", cards=cards_text(action.cards)) if action.cards \
                else t("do.keep")
        if action.kind == DUEL:
            return t("do.duel", card=action.cards[0])
        if action.kind == ATTACK:
            return t("do.attack", cards=cards_text(action.cards))
        if action.kind == DEFEND:
            return t("do.defend", card=action.cards[0])
        return t("do.sacrifice", card=sacrificed_card(hand) if hand else "?")

    def duel_line(self, yay: int, wow: int, attacker: int | None) -> str:
        """"Duel: 12 (YAY) vs 7 (WOW). You attack first." """
        line = t("table.duel", yay=yay, wow=wow)
        rest = t("table.duel.tie") if attacker is None else self.tw("table.duel.first", attacker)
        return f"{sentence(line)} {rest}"

    def result_lines(self, result: dict, n_spaces: int) -> list[str]:
        """The round result: the showdown, who won, where the cat went."""
        lines = [sentence(t("banner.showdown", yay=result["yay"], wow=result["wow"]))]
        winner = result.get("winner")
        if winner is None:
            lines.append(t("banner.tie"))
            return lines
        lines.append(self.tw("banner.win.round", winner))
        lines.append(t("banner.cat", seat=goal_name(winner),
                       **{"from": place_text(result["from"], n_spaces),
                          "to": place_text(result["to"], n_spaces)}))
        return lines

    def game_over(self, winner: int) -> str:
        if self.mode == MODE_AI:
            return t("over.win.you") if winner == self.human else t("over.lose.you")
        return t("over.win", who=self.seat_name(winner))


__all__ = ["Words", "arrow_words", "card_label", "cards_text", "goal_name", "place_text",
           "sentence"]
