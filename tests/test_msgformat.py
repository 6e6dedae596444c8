"""The catalogs' message syntax (web/model/msgformat.py) and plural rules
(web/model/plurals.py), on hand-written messages."""

from __future__ import annotations

import pytest

from web.i18n.msgformat import MessageSyntaxError, Term, arguments, format_parts, parse
from web.i18n.plurals import compile_rule

EN = compile_rule("one: i = 1 and v = 0")


def fmt(text: str, rule=EN, **params) -> str:
    return format_parts(parse(text), params, rule)


@pytest.mark.parametrize(("n", "out"), [(0, "0 cards"), (1, "1 card"), (2, "2 cards"),
                                        (21, "21 cards")])
def test_plural_picks_the_branch_of_the_number(n, out):
    assert fmt("{n, plural, one {# card} other {# cards}}", n=n) == out


def test_exact_matches_come_first_and_pound_is_the_plurals_own_number():
    text = "{n, plural, =0 {none} one {# of {k}} other {# of {k, plural, one {#} other {#s}}}}"
    assert fmt(text, n=0, k=5) == "none"
    assert fmt(text, n=1, k=5) == "1 of 5"
    assert fmt(text, n=3, k=1) == "3 of 1"
    assert fmt(text, n=3, k=2) == "3 of 2s"


def test_a_terms_form_and_its_fallback():
    forms = {"seat.computer.erg": "Ordenagailuak"}
    who = Term("Ordenagailua", "seat.computer", lambda key, form: forms.get(f"{key}.{form}"))
    assert fmt("{who.erg} erasoko du", who=who) == "Ordenagailuak erasoko du"
    assert fmt("{who}: erasoko du", who=who) == "Ordenagailua: erasoko du"
    assert fmt("{who.abs} da", who=who) == "Ordenagailua da"  # no such form: the base form
    assert fmt("{who, select, computer {it} other {they}}", who=who) == "it"


def test_a_missing_parameter_stays_visible():
    assert fmt("{who} plays {n, plural, one {# card} other {# cards}}", n=2) == \
        "{who} plays 2 cards"


def test_apostrophes_are_text():
    assert fmt("{who}'s hand: {n, plural, one {# card} other {# cards}}", who="YAY", n=1) == \
        "YAY's hand: 1 card"


@pytest.mark.parametrize("text", ["{", "}", "{n", "{n, plural}", "{n, plural, one {x}}",
                                  "{n, plural, one {x} other {y}", "{n, pick, other {x}}",
                                  "{n.}", "{two words}", "{n, plural, one x other {y}}"])
def test_malformed_messages_are_refused(text):
    with pytest.raises(MessageSyntaxError):
        parse(text)


def test_arguments_include_every_branch():
    assert arguments(parse("{a} {n, plural, one {{b.erg}} other {{c}}}")) == {"a", "n", "b", "c"}


@pytest.mark.parametrize(("rule", "value", "category"), [
    ("one: i = 1 and v = 0", 1, "one"), ("one: i = 1 and v = 0", "1.0", "other"),
    ("one: n = 1", "1.0", "one"), ("one: n = 1", 2, "other"),
    ("one: n % 10 = 1 and n % 100 != 11; few: n % 10 = 2..4 and n % 100 != 12..14",
     21, "one"),
    ("one: n % 10 = 1 and n % 100 != 11; few: n % 10 = 2..4 and n % 100 != 12..14",
     13, "other"),
    ("one: n % 10 = 1 and n % 100 != 11; few: n % 10 = 2..4 and n % 100 != 12..14",
     23, "few"),
    ("one: i = 0,1", 0, "one"), ("", 1, "other"),
])
def test_plural_rules(rule, value, category):
    assert compile_rule(rule)(value) == category


def test_a_rule_that_is_not_cldrs_syntax_is_refused():
    with pytest.raises(ValueError):
        compile_rule("one: n is one")
