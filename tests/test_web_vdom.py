"""web/render/vdom.py in CPython: the diff turns any drawn tree into any next tree (checked by
applying its operations to a stand-in DOM), keeps keyed nodes, touches only what changed,
and never lets text become markup."""

from __future__ import annotations

from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from vdom_fake import FakeNode, FakePage, root_html

from web.render.vdom import Differ, Node, Root, h, merge, svg, txt


def page() -> FakePage:
    return FakePage(box=FakeNode("div", {"id": "box"}),
                    other=FakeNode("div", {"id": "other", "hidden": ""}))


def draw(differ: Differ, fake: FakePage, roots: list[Root]) -> list:
    ops = differ.render(roots)
    fake.apply(ops)
    return ops


TAGS = st.sampled_from(["div", "span", "li", "button"])
WORDS = st.sampled_from(["", "7", "Evil Olive", "<b>x</b>", "a & b", "ü — ✓"])


def trees(depth: int = 2):
    leaf = st.builds(lambda tag, text, key, cls: h(tag, cls, text, key=key), TAGS, WORDS,
                     st.none() | st.sampled_from("abcdef"), st.sampled_from(["", "card", "x y"]))
    if depth == 0:
        return leaf | st.builds(txt, WORDS)
    branch = st.builds(
        lambda tag, kids, key, attr: h(tag, "", None, *kids, key=key, data_v=attr),
        TAGS, st.lists(trees(depth - 1), max_size=4), st.none() | st.sampled_from("abcdef"),
        st.none() | st.sampled_from(["1", "2"]))
    return leaf | branch


def unique_keys(nodes: list[Node]) -> list[Node]:
    """Siblings with the same key are a view's bug; drop the repeats."""
    seen, out = set(), []
    for node in nodes:
        if node.key is None or node.key not in seen:
            seen.add(node.key)
            node.children = unique_keys(node.children)
            out.append(node)
    return out


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.lists(trees(), max_size=5), min_size=1, max_size=5),
       st.lists(st.none() | st.sampled_from(["play", "result"]), min_size=5, max_size=5))
def test_any_sequence_of_trees_draws_exactly(frames, states):
    differ, fake = Differ(), page()
    for children, state in zip(frames, states, strict=False):
        children = unique_keys(children)
        root = Root("box", {"data-state": state}, children)
        draw(differ, fake, [root])
        assert fake.by_id["box"].html() == root_html(root, {"id": "box"})
        # the applier's table holds exactly the drawn nodes
        assert len(fake.nodes) == 1 + sum(1 for c in children for _ in c.walk())


def test_static_children_are_replaced_once_and_unnamed_attributes_kept():
    fake = page()
    fake.by_id["box"].insert(FakeNode("p", {"class": "placeholder"}), None)
    differ = Differ()
    draw(differ, fake, [Root("box", {"hidden": False}, [h("span", "", "hi")])])
    assert fake.by_id["box"].html() == '<div id="box"><span>hi</span></div>'
    draw(differ, fake, [Root("other", {"hidden": False})])  # children not managed
    assert fake.by_id["other"].html() == '<div id="other"></div>'


def test_keyed_children_keep_their_nodes_when_others_leave():
    differ, fake = Differ(), page()
    cards = [h("button", "card", str(v), key=f"{v}.1") for v in (2, 5, 9)]
    draw(differ, fake, [Root("box", None, cards)])
    five = fake.by_id["box"].children[1]
    ops = draw(differ, fake, [Root("box", None, [h("button", "card", "5", key="5.1"),
                                                 h("button", "card", "9", key="9.1")])])
    assert fake.by_id["box"].children[0] is five  # focus, selection, animations survive
    assert [op[0] for op in ops] == ["rm"]  # nothing else to do
    assert fake.created == 3


def test_a_changed_attribute_is_one_operation():
    differ, fake = Differ(), page()
    draw(differ, fake, [Root("box", None, [h("button", "card", "5", key="a",
                                             aria_pressed="false")])])
    ops = draw(differ, fake, [Root("box", None, [h("button", "card", "5", key="a",
                                                   aria_pressed="true")])])
    assert ops == [["attr", ops[0][1], "aria-pressed", "true"]]
    assert draw(differ, fake, [Root("box", None, [h("button", "card", "5", key="a",
                                                    aria_pressed="true")])]) == []


def test_moves_reorder_without_recreating():
    differ, fake = Differ(), page()
    draw(differ, fake, [Root("box", None, [h("li", "", k, key=k) for k in "abcd"])])
    before = {n.children[0].value: n for n in fake.by_id["box"].children}
    ops = draw(differ, fake, [Root("box", None, [h("li", "", k, key=k) for k in "dbca"])])
    assert [n.children[0].value for n in fake.by_id["box"].children] == list("dbca")
    assert all(before[n.children[0].value] is n for n in fake.by_id["box"].children)
    assert {op[0] for op in ops} == {"put"}


def test_text_is_never_markup():
    differ, fake = Differ(), page()
    draw(differ, fake, [Root("box", None, [h("p", "", "<img src=x onerror=alert(1)>")])])
    paragraph = fake.by_id["box"].children[0]
    assert [c.tag for c in paragraph.children] == ["#text"]
    assert paragraph.html() == "<p>&lt;img src=x onerror=alert(1)&gt;</p>"


def test_identical_subtrees_are_skipped():
    """A memoised node (the log's old lines) costs no operation at all."""
    differ, fake = Differ(), page()
    lines = [h("li", "", f"line {i}", key=str(i)) for i in range(50)]
    draw(differ, fake, [Root("box", None, list(lines))])
    lines.append(h("li", "", "line 50", key="50"))
    ops = draw(differ, fake, [Root("box", None, list(lines), scroll_end=True)])
    assert [op[0] for op in ops] == ["el", "put", "end"]
    assert len(fake.by_id["box"].children) == 51


def test_svg_and_merge():
    node = svg("rect", x=1, fill="#fff")
    assert node.svg and node.attrs == {"x": "1", "fill": "#fff"}
    roots = merge([Root("me", {"data-state": "play"}), Root("me", {"data-state": "lesson"})])
    assert roots["me"].attrs == {"data-state": "lesson"}


def test_h_spells_attributes_like_el():
    node = h("label", "choice", None, for_="x", aria_label="Y", hidden=True, checked=False,
             title=None)
    assert node.attrs == {"class": "choice", "for": "x", "aria-label": "Y", "hidden": ""}
    mixed = h("p", "", "Round 3", h("span", "ri", " · 7"))
    assert [c.tag for c in mixed.children] == ["#text", "span"]
    assert mixed.all_text == "Round 3 · 7"


def test_memo_returns_the_same_roots_and_the_diff_skips_them():
    from web.render.vdom import Memo

    memo, builds = Memo(), []

    def build():
        builds.append(1)
        return [Root("box", None, [h("li", "", str(i), key=str(i)) for i in range(20)])]

    differ, fake = Differ(), page()
    draw(differ, fake, memo("list", ("a",), build))
    assert draw(differ, fake, memo("list", ("a",), build)) == []
    assert len(builds) == 1
    draw(differ, fake, memo("list", ("b",), build))
    assert len(builds) == 2 and len(fake.by_id["box"].children) == 20
