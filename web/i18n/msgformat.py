"""The catalogs' message syntax: a small, strict subset of ICU MessageFormat, parsed once
per string and formatted many times (pure: no catalog, no page).

* ``{name}`` — a parameter's text;
* ``{name.form}`` — one of a term's grammatical forms (:class:`Term`: "Ordenagailuak", the
  ergative of "Ordenagailua"), so no case ending is ever glued onto a placeholder;
* ``{n, plural, one {# card} other {# cards}}`` — the branch of ``n``'s CLDR plural
  category in the message's language (``=0``-style exact matches first), ``#`` standing for
  the number;
* ``{name, select, a {…} other {…}}`` — a branch chosen by a parameter's value (a term's
  key when it is a :class:`Term`).

Why not ``str.format``: it has no plurals, and it mistook a count's name for the only count
("1 round played (2 tied)" needed the ``.one`` key of the parameter the code happened to
list). Apostrophes are plain text, as the catalogs write them ("{who}'s hand").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

PLURAL, SELECT = "plural", "select"


class MessageSyntaxError(ValueError):
    """A catalog string that does not parse: says where and why."""


class Term(str):
    """A catalog word that messages may inflect: its text is the base form, ``key`` names
    its catalog entry, and ``forms`` looks up ``<key>.<form>`` (``{who.erg}``)."""

    key: str
    forms: Callable[[str, str], str | None]

    def __new__(cls, text: str, key: str,
                forms: Callable[[str, str], str | None] = lambda key, form: None) -> Term:
        made = super().__new__(cls, text)
        made.key = key
        made.forms = forms
        return made

    def form(self, name: str) -> str:
        found = self.forms(self.key, name)
        return str(self) if found is None else found


@dataclass(frozen=True, slots=True)
class Arg:
    name: str
    form: str = ""


@dataclass(frozen=True, slots=True)
class Choice:
    name: str
    kind: str  # PLURAL or SELECT
    cases: tuple[tuple[str, tuple], ...]  # (selector, parts), in the order written


Part = str | Arg | Choice
POUND = Arg("#")  # inside a plural branch: the number


def parse(text: str) -> tuple[Part, ...]:
    """The parts of a message; :class:`MessageSyntaxError` if it is malformed."""
    parts, end = _message(text, 0, in_plural=False, nested=False)
    if end != len(text):  # pragma: no cover - _message only stops early on '}'
        raise MessageSyntaxError(f"unexpected '}}' at {end}")
    return parts


def _message(text: str, at: int, *, in_plural: bool, nested: bool) -> tuple[tuple, int]:
    parts: list[Part] = []
    literal: list[str] = []
    i = at
    while i < len(text):
        ch = text[i]
        if ch == "{":
            if literal:
                parts.append("".join(literal))
                literal = []
            part, i = _argument(text, i + 1)
            parts.append(part)
            continue
        if ch == "}":
            if not nested:
                raise MessageSyntaxError(f"a '}}' with no '{{' at {i}")
            break
        if ch == "#" and in_plural:
            if literal:
                parts.append("".join(literal))
                literal = []
            parts.append(POUND)
            i += 1
            continue
        literal.append(ch)
        i += 1
    else:
        if nested:
            raise MessageSyntaxError("a '{' is never closed")
    if literal:
        parts.append("".join(literal))
    return tuple(parts), i


def _argument(text: str, at: int) -> tuple[Part, int]:
    close = _find(text, at, "}")
    comma = _find(text, at, ",")
    if comma == -1 or (close != -1 and close < comma):
        if close == -1:
            raise MessageSyntaxError(f"a '{{' at {at - 1} is never closed")
        name, dot, form = text[at:close].strip().partition(".")
        if not _is_name(name) or (dot and not _is_name(form)):
            raise MessageSyntaxError(f"not a parameter: {{{text[at:close]}}}")
        return Arg(name, form), close + 1
    name = text[at:comma].strip()
    kind_end = _find(text, comma + 1, ",")
    if kind_end == -1:
        raise MessageSyntaxError(f"{{{name}, …}}: expected 'plural' or 'select' and cases")
    kind = text[comma + 1:kind_end].strip()
    if not _is_name(name) or kind not in (PLURAL, SELECT):
        raise MessageSyntaxError(f"{{{name}, {kind}, …}}: expected plural or select")
    cases: list[tuple[str, tuple]] = []
    i = kind_end + 1
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            raise MessageSyntaxError(f"{{{name}, {kind}, …}} is never closed")
        if text[i] == "}":
            break
        brace = text.find("{", i)
        if brace == -1:
            raise MessageSyntaxError(f"{{{name}, {kind}, …}}: a case has no {{message}}")
        selector = text[i:brace].strip()
        if not selector or not (_is_name(selector) or
                                (selector.startswith("=") and selector[1:].isdigit())):
            raise MessageSyntaxError(f"{{{name}, {kind}, …}}: bad case {selector!r}")
        if any(s == selector for s, _ in cases):
            raise MessageSyntaxError(f"{{{name}, {kind}, …}}: case {selector} twice")
        body, i = _message(text, brace + 1, in_plural=kind == PLURAL, nested=True)
        cases.append((selector, body))
        i += 1  # the branch's '}'
    if not any(s == "other" for s, _ in cases):
        raise MessageSyntaxError(f"{{{name}, {kind}, …}} has no 'other' case")
    return Choice(name, kind, tuple(cases)), i + 1


def _find(text: str, at: int, ch: str) -> int:
    """The next ``ch`` at brace depth 0 from ``at``, or -1."""
    depth = 0
    for i in range(at, len(text)):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0:
                return i if ch == "}" else -1
            depth -= 1
        elif c == ch and depth == 0:
            return i
    return -1


def _is_name(word: str) -> bool:
    return bool(word) and word.replace("_", "a").isalnum() and word.isascii()


def format_parts(parts: tuple[Part, ...], params: Mapping[str, object],
                 category: Callable[[object], str], number: object = None) -> str:
    """``parts`` with ``params`` filled; ``category(n)`` is the language's plural rule. A
    parameter the caller did not pass stays as ``{name}`` (visible, never a crash)."""
    out: list[str] = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, Arg):
            if part == POUND:
                out.append(str(number))
                continue
            if part.name not in params:
                out.append("{" + part.name + (f".{part.form}" if part.form else "") + "}")
                continue
            value = params[part.name]
            if part.form and isinstance(value, Term):
                out.append(value.form(part.form))
            else:
                out.append(str(value))
        else:
            value = params.get(part.name)
            out.append(format_parts(_branch(part, value, category), params, category,
                                    value if part.kind == PLURAL else number))
    return "".join(out)


def _branch(choice: Choice, value: object, category: Callable[[object], str]) -> tuple:
    cases = dict(choice.cases)
    if choice.kind == PLURAL:
        exact = f"={value}"
        if exact in cases:
            return cases[exact]
        return cases.get(category(value), cases["other"])
    key = value.key.rsplit(".", 1)[-1] if isinstance(value, Term) else str(value)
    return cases.get(key, cases["other"])


def arguments(parts: tuple[Part, ...]) -> set[str]:
    """The parameter names a message uses (in any branch), forms left out."""
    names: set[str] = set()
    for part in parts:
        if isinstance(part, Arg):
            if part != POUND:
                names.add(part.name)
        elif isinstance(part, Choice):
            names.add(part.name)
            for _, body in part.cases:
                names |= arguments(body)
    return names


def walk(parts: tuple[Part, ...]):
    """Every part of a message, branches included (for catalog checks)."""
    for part in parts:
        yield part
        if isinstance(part, Choice):
            for _, body in part.cases:
                yield from walk(body)


__all__ = ["PLURAL", "SELECT", "Arg", "Choice", "MessageSyntaxError", "Term", "arguments",
           "format_parts", "parse", "walk"]
