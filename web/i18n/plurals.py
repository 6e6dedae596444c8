"""CLDR plural rules, evaluated: which plural category ("one", "other", …) a number takes
in a language. Each catalog states its own rule (``lang.plural``, CLDR's syntax, e.g.
``one: i = 1 and v = 0``) and tests/test_i18n.py checks it against CLDR's data (Babel) for
every count the game can show, so adding a language with more categories (few, many) is
adding its rule, not code.

Operands (CLDR, UTS #35): n the absolute value, i its integer digits, v the number of
visible fraction digits, f those digits, t the same without trailing zeros.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

Rule = Callable[[object], str]
_RELATION = re.compile(
    r"^\s*([niftvwe])\s*(?:%\s*(\d+))?\s*(=|!=|not in|in|within|not within)\s*([\d.,\s]+)$")


def _operands(value: object) -> dict[str, int | float]:
    text = str(value).strip().lstrip("-")
    try:
        n = abs(float(text))
    except ValueError:
        n = 0.0
    whole, _, frac = text.partition(".")
    i = int(whole) if whole.isdigit() else int(n)
    f = int(frac) if frac.isdigit() else 0
    t = int(frac.rstrip("0")) if frac.rstrip("0").isdigit() else 0
    return {"n": n, "i": i, "v": len(frac) if frac.isdigit() else 0, "w": len(frac.rstrip("0")),
            "f": f, "t": t, "e": 0}


def _relation(text: str) -> Callable[[dict], bool]:
    match = _RELATION.match(text)
    if not match:
        raise ValueError(f"not a CLDR plural relation: {text!r}")
    operand, mod, op, ranges = match.groups()
    allowed: list[tuple[float, float]] = []
    for item in ranges.split(","):
        low, _, high = item.strip().partition("..")
        allowed.append((float(low), float(high or low)))
    integral = op in ("=", "!=", "in", "not in")

    def holds(ops: dict) -> bool:
        x = ops[operand]
        if mod:
            x = x % int(mod)
        inside = any(lo <= x <= hi and (not integral or x == int(x)) for lo, hi in allowed)
        return inside if op in ("=", "in", "within") else not inside
    return holds


@cache
def compile_rule(rule: str) -> Rule:
    """``"one: n = 1; few: …"`` → a function from a number to its category ("other" when
    no condition holds). Samples (``@integer …``) are ignored."""
    conditions: list[tuple[str, list[list[Callable[[dict], bool]]]]] = []
    for clause in filter(None, (c.strip() for c in rule.split(";"))):
        category, _, condition = clause.partition(":")
        condition = condition.split("@", 1)[0]
        ors = [[_relation(rel) for rel in part.split(" and ")]
               for part in condition.split(" or ") if part.strip()]
        conditions.append((category.strip(), ors))

    def category(value: object) -> str:
        ops = _operands(value)
        for name, ors in conditions:
            if any(all(rel(ops) for rel in ands) for ands in ors):
                return name
        return "other"
    return category


__all__ = ["Rule", "compile_rule"]
