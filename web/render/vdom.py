"""Light trees the views draw, and the diff that turns one tree into the next.

A view is a pure function from a :class:`web.model.screen.Screen` to :class:`Node` trees (tag,
attributes, text, keyed children) — no DOM access, so it runs and is tested in CPython.
:func:`diff` compares a tree with the one drawn last time and appends a short list of
patch operations; ``web/render/patch.js`` applies a whole render's batch in one Python→JS call
(chessground's ``render.ts`` and Preact's keyed reconciliation do the same job). Kept nodes
keep their DOM element, so focus, selection, scroll position and running animations
survive a render.

Text goes only into ``textContent`` and attribute values: nothing here is ever parsed as
markup, so catalog and imported text cannot become HTML.

Operations (JSON lists; ``id`` is a number the diff gives each node it creates):

* ``["root", id, element_id]`` — adopt the page's element ``element_id`` as node ``id``;
* ``["clear", id]`` — remove the static children an adopted root came with;
* ``["el", id, tag, attrs, text]`` / ``["svg", …]`` — create an element (``text``: its
  ``textContent`` or ``null``); ``["txt", id, text]`` — create a text node;
* ``["attr", id, name, value]`` — set an attribute (``value`` ``null``: remove it);
* ``["text", id, text]`` — set ``textContent``;
* ``["put", parent, id, before]`` — insert or move ``id`` before ``before`` (``null``: last);
* ``["rm", id, *freed]`` — remove ``id`` from the page and forget it and ``freed``, the
  ids of its descendants;
* ``["end", id]`` — scroll ``id`` to its end (after the batch, in the next frame);
* ``["labels", {key: text}]`` — the page's static words (:class:`Labels`): every element
  marked ``data-i18n="key"`` gets ``text``, every ``data-i18n-<attribute>="key"`` gets it
  in that attribute.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import count
from typing import Any

TEXT = "#text"


class Node:
    """One element (or, with tag ``#text``, a text node) of a view's tree."""

    __slots__ = ("attrs", "children", "key", "nid", "svg", "tag", "text")

    def __init__(self, tag: str, attrs: dict[str, str], text: str | None,
                 children: list[Node], key: str | None = None, svg: bool = False) -> None:
        self.tag = tag
        self.attrs = attrs
        self.text = text
        self.children = children
        self.key = key
        self.nid = 0  # set when drawn
        self.svg = svg

    def __repr__(self) -> str:  # for test failures
        inner = repr(self.text) if self.text is not None else ", ".join(map(repr, self.children))
        return f"<{self.tag}{' ' + self.key if self.key else ''} {self.attrs} {inner}>"

    # -- reading a tree (tests, the controller) --------------------------------------------
    def walk(self) -> Iterable[Node]:
        yield self
        for child in self.children:
            yield from child.walk()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> list:
        """Nodes below (and including) this one with ``tag``, class ``cls`` and ``attrs``
        (names spelled as in :func:`h`)."""
        want = {_attr_name(k): v for k, v in attrs.items()}
        return [n for n in self.walk() if (tag is None or n.tag == tag)
                and (cls is None or cls in n.classes)
                and all(n.attrs.get(k) == v for k, v in want.items())]

    def find(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> Node | None:
        found = self.find_all(tag, cls, **attrs)
        return found[0] if found else None

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    @property
    def all_text(self) -> str:
        """The text a browser would show (``textContent``)."""
        if self.text is not None:
            return self.text
        return "".join(child.all_text for child in self.children)


def _attr_name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def h(tag: str, cls: str = "", text: str | None = None, *children: Node | None,
      key: str | None = None, **attrs: object) -> Node:
    """``<tag class=cls>text or children</tag>`` — the same spelling as
    :func:`web.platform.dom.el`: ``attrs`` with ``_`` → ``-`` (``aria_label``), a trailing ``_``
    dropped (``for_``), ``None``/``False`` skipped, ``True`` → empty. ``None`` children are
    skipped, so ``cond and h(...)`` reads naturally."""
    out: dict[str, str] = {"class": cls} if cls else {}
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        out[_attr_name(name)] = "" if value is True else str(value)
    kids = [c for c in children if c is not None]
    if text is not None and kids:
        kids.insert(0, txt(text))
        text = None
    return Node(tag, out, text, kids, key)


def svg(tag: str, *children: Node, key: str | None = None, **attrs: object) -> Node:
    """An SVG element (created in the SVG namespace; attribute names as given, ``_`` → ``-``)."""
    node = h(tag, "", None, *children, key=key, **attrs)
    node.svg = True
    return node


def txt(text: str, key: str | None = None) -> Node:
    return Node(TEXT, {}, text, [], key)


class Root:
    """A region of the page a view owns: the element ``ident`` already in index.html.

    ``attrs`` are set on the element itself (the ones never named are left as the page
    has them); ``children`` (``None``: not managed) replace whatever it held at first.
    """

    __slots__ = ("attrs", "children", "ident", "scroll_end")

    def __init__(self, ident: str, attrs: dict[str, object] | None = None,
                 children: list[Node | None] | None = None, scroll_end: bool = False) -> None:
        self.ident = ident
        self.attrs = {_attr_name(k): (None if v is None or v is False else
                                      ("" if v is True else str(v)))
                      for k, v in (attrs or {}).items()}
        self.children = None if children is None else [c for c in children if c is not None]
        self.scroll_end = scroll_end

    def node(self) -> Node:
        """The root as a tree node (its attributes ``None`` mean: remove). The children
        list is shared, not copied: a memoised view's unchanged list costs the diff nothing."""
        return Node("#root", dict(self.attrs), None,
                    self.children if self.children is not None else [], self.ident)


class Labels:
    """The words of the page's static parts — the menu, the rules panel, the dialogs' fixed
    text — which index.html writes once in English and marks ``data-i18n="<key>"``: a view
    gives each key its text, and the diff sends only what changed (a new language)."""

    __slots__ = ("texts",)

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts


class Memo:
    """The last trees of each view and what they were drawn from: a view whose inputs did
    not change returns the very same nodes, which the diff skips without looking inside."""

    def __init__(self) -> None:
        self._last: dict[str, tuple[object, list[Root]]] = {}

    def __call__(self, name: str, key: object, build: Callable[[], list[Root]]) -> list[Root]:
        last = self._last.get(name)
        if last is not None and last[0] == key:
            return last[1]
        roots = build()
        self._last[name] = (key, roots)
        return roots


def merge(roots: Iterable[Root]) -> dict[str, Root]:
    """One root per element: a later view's attributes win (e.g. ``#me``'s state). The
    views' own roots are never changed (a memoised one is drawn again next time)."""
    out: dict[str, Root] = {}
    for root in roots:
        have = out.get(root.ident)
        if have is None:
            out[root.ident] = root
            continue
        both = Root(root.ident, None, root.children if root.children is not None
                    else have.children, have.scroll_end or root.scroll_end)
        both.attrs = {**have.attrs, **root.attrs}
        out[root.ident] = both
    return out


class Differ:
    """Turns successive trees into patch operations; remembers what it drew per root."""

    def __init__(self) -> None:
        self._ids = count(1)
        self.drawn: dict[str, Node] = {}  # root ident → the tree drawn last
        self.managed: set[str] = set()  # roots whose static children were cleared
        self.labels: dict[str, str] = {}  # the static words drawn last

    def render(self, roots: Iterable[Root | Labels]) -> list[list[Any]]:
        ops: list[list[Any]] = []
        regions = []
        for item in roots:
            if isinstance(item, Labels):
                changed = {k: v for k, v in item.texts.items() if self.labels.get(k) != v}
                if changed:
                    ops.append(["labels", changed])
                    self.labels.update(changed)
            else:
                regions.append(item)
        for root in merge(regions).values():
            new = root.node()
            old = self.drawn.get(root.ident)
            if old is None:
                new.nid = next(self._ids)
                ops.append(["root", new.nid, root.ident])
                old = Node("#root", {}, None, [], root.ident)
                old.nid = new.nid
            else:
                new.nid = old.nid
            self._attrs(old, new, ops, keep_unnamed=True)
            if root.children is None:
                new.children = old.children  # not managed: keep what was there
            else:
                if root.ident not in self.managed:
                    self.managed.add(root.ident)
                    ops.append(["clear", new.nid])
                self._children(old, new, ops)
            self.drawn[root.ident] = new
            if root.scroll_end and root.children is not None and \
                    len(new.children) != len(old.children):
                ops.append(["end", new.nid])
        return ops

    def forget(self, ident: str) -> None:
        """Draw ``ident`` from scratch next time (its element was replaced)."""
        self.drawn.pop(ident, None)
        self.managed.discard(ident)

    # -- the diff ---------------------------------------------------------------------------
    @staticmethod
    def _attrs(old: Node, new: Node, ops: list, keep_unnamed: bool = False) -> None:
        for name, value in new.attrs.items():
            if old.attrs.get(name, ...) != value:
                ops.append(["attr", new.nid, name, value])
        if keep_unnamed:  # a root: attributes a tree once set and no longer names go
            for name in old.attrs:
                if name not in new.attrs and old.attrs[name] is not None:
                    ops.append(["attr", new.nid, name, None])
                    new.attrs[name] = None
            return
        for name in old.attrs:
            if name not in new.attrs:
                ops.append(["attr", new.nid, name, None])

    def _create(self, node: Node, ops: list) -> int:
        node.nid = next(self._ids)
        if node.tag == TEXT:
            ops.append(["txt", node.nid, node.text])
            return node.nid
        ops.append(["svg" if node.svg else "el", node.nid, node.tag, node.attrs, node.text])
        for child in node.children:
            ops.append(["put", node.nid, self._create(child, ops), None])
        return node.nid

    def _same(self, old: Node, new: Node) -> bool:
        return old.tag == new.tag and old.svg == new.svg and \
            (old.text is None) == (new.text is None)

    def _update(self, old: Node, new: Node, ops: list) -> None:
        new.nid = old.nid
        if new.tag != TEXT:
            self._attrs(old, new, ops)
        if new.text is not None:
            if new.text != old.text:
                ops.append(["text", new.nid, new.text])
        else:
            self._children(old, new, ops)

    def _children(self, old: Node, new: Node, ops: list) -> None:
        olds = old.children
        if new.children is olds:
            return
        by_key: dict[object, Node] = {}
        for i, child in enumerate(olds):
            by_key[_key(child, i)] = child
        matched: dict[int, Node] = {}  # id(new child) → old child it reuses
        used: set[int] = set()
        for i, child in enumerate(new.children):
            prev = by_key.get(_key(child, i))
            if prev is not None and prev.nid not in used and self._same(prev, child):
                matched[id(child)] = prev
                used.add(prev.nid)
        for child in olds:
            if child.nid not in used:
                ops.append(["rm", *(n.nid for n in child.walk())])  # itself first
        rest = [c.nid for c in olds if c.nid in used]  # the element's children now, in order
        j = 0
        for child in new.children:
            prev = matched.get(id(child))
            if prev is None:
                nid = self._create(child, ops)
            else:
                if prev is not child:
                    self._update(prev, child, ops)
                nid = child.nid
            if j < len(rest) and rest[j] == nid:
                j += 1
                continue
            ops.append(["put", new.nid, nid, rest[j] if j < len(rest) else None])
            if prev is not None:
                rest.remove(nid)


def _key(node: Node, index: int) -> object:
    """Keyed children match by key; the others by tag and place."""
    return ("k", node.key) if node.key is not None else (node.tag, index)


def count_nodes(ops: list[list[Any]]) -> int:
    """How many elements and text nodes a batch creates (for the profile)."""
    return sum(op[0] in ("el", "svg", "txt") for op in ops)
