"""Card names. Only a card's value matters to the rules; the name is what players see.

Each value carries one palindrome, so a card is fully described by its value
("7 — Evil Olive") and two copies of a value are interchangeable in every respect.
"""

NAMES: dict[int, str] = {
    1: "Tacocat",
    2: "Star Rats",
    3: "UFO Tofu",
    4: "Too Hot to Hoot",
    5: "Ma Has a Ham",
    6: "Evil Olive",
    7: "Was It a Car or a Cat I Saw?",
    8: "Do Geese See God?",
    9: "May a Moody Baby Doom a Yam",
    10: "A Nut for a Jar of Tuna",
    11: "Never Odd or Even",
    12: "Step on No Pets",
}


def card_name(value: int) -> str:
    """The palindrome printed on a card of this value (a plain number if none is known)."""
    return NAMES.get(value, str(value))


def card_label(value: int) -> str:
    """Human label used in logs and accessible names, e.g. ``"6 — Evil Olive"``."""
    return f"{value} — {card_name(value)}"
