"""A tiny stand-in for the browser's DOM that applies web/render/vdom.py's patch operations the
way web/render/patch.js does, so the diff is checked in CPython (e2e/test_patch.py runs the same
batches through the real applier in Chromium)."""

from __future__ import annotations

from typing import Any

from web.render.vdom import TEXT, Node, Root


class FakeNode:
    def __init__(self, tag: str, attrs: dict[str, str] | None = None, text: str = "") -> None:
        self.tag = tag
        self.attrs = dict(attrs or {})
        self.children: list[FakeNode] = []
        self.parent: FakeNode | None = None
        self.value = text  # a text node's text

    def set_text(self, text: str) -> None:
        if self.tag == TEXT:
            self.value = text
            return
        for child in self.children:
            child.parent = None
        self.children = [FakeNode(TEXT, text=text)] if text else []
        for child in self.children:
            child.parent = self

    def detach(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    def insert(self, child: FakeNode, before: FakeNode | None) -> None:
        child.detach()
        at = len(self.children) if before is None else self.children.index(before)
        self.children.insert(at, child)
        child.parent = self

    def html(self) -> str:
        """A canonical serialisation (attributes sorted; text escaped like a browser)."""
        if self.tag == TEXT:
            return self.value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        attrs = "".join(f' {k}="{v}"' for k, v in sorted(self.attrs.items()))
        return f"<{self.tag}{attrs}>{''.join(c.html() for c in self.children)}</{self.tag}>"


class FakePage:
    """Elements by id, as index.html has them, and the applier's node table."""

    def __init__(self, **static: FakeNode) -> None:
        self.by_id = static
        self.nodes: dict[int, FakeNode] = {}
        self.created = 0

    def apply(self, ops: list[list[Any]]) -> None:
        for op in ops:
            kind = op[0]
            if kind == "root":
                self.nodes[op[1]] = self.by_id[op[2]]
            elif kind == "clear":
                for child in list(self.nodes[op[1]].children):
                    child.detach()
            elif kind in ("el", "svg"):
                node = FakeNode(op[2], op[3])
                if op[4] is not None:
                    node.set_text(op[4])
                self.nodes[op[1]] = node
                self.created += 1
            elif kind == "txt":
                self.nodes[op[1]] = FakeNode(TEXT, text=op[2])
                self.created += 1
            elif kind == "attr":
                node = self.nodes[op[1]]
                if op[3] is None:
                    node.attrs.pop(op[2], None)
                else:
                    node.attrs[op[2]] = op[3]
            elif kind == "text":
                self.nodes[op[1]].set_text(op[2])
            elif kind == "put":
                before = None if op[3] is None else self.nodes[op[3]]
                self.nodes[op[1]].insert(self.nodes[op[2]], before)
            elif kind == "rm":
                self.nodes[op[1]].detach()
                for nid in op[1:]:
                    del self.nodes[nid]
            elif kind == "end":
                pass
            else:
                raise AssertionError(f"unknown operation {op}")


def expected_html(node: Node) -> str:
    """What a tree should look like once drawn (same canonical form as FakeNode.html)."""
    if node.tag == TEXT:
        return node.text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if node.text is not None:
        inner = expected_html(Node(TEXT, {}, node.text, [])) if node.text else ""
    else:
        inner = "".join(expected_html(c) for c in node.children)
    attrs = "".join(f' {k}="{v}"' for k, v in sorted(node.attrs.items()))
    return f"<{node.tag}{attrs}>{inner}</{node.tag}>"


def root_html(root: Root, static_attrs: dict[str, str] | None = None, tag: str = "div") -> str:
    attrs = dict(static_attrs or {})
    for k, v in root.attrs.items():
        if v is None:
            attrs.pop(k, None)
        else:
            attrs[k] = v
    inner = "".join(expected_html(c) for c in root.children or [])
    return f"<{tag}{''.join(f' {k}={chr(34)}{v}{chr(34)}' for k, v in sorted(attrs.items()))}>" \
        f"{inner}</{tag}>"
