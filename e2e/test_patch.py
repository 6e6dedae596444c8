"""web/render/patch.js, the page's patch applier, in Chromium: the batches that
web/render/vdom.py's diff makes
for random sequences of trees draw exactly those trees, kept nodes stay the same elements,
text never becomes markup, and event-handler attributes are refused. The script is
loaded from the shipped dist/ (the build lists it through index.html)."""

from __future__ import annotations

import json
import random

from web.render.vdom import Differ, Node, Root, h, svg, txt

# A canonical serialisation of the DOM (attributes sorted), like tests/vdom_fake.py's.
SERIALISE = """(id) => {
  const esc = s => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const ser = n => {
    if (n.nodeType === 3) return esc(n.nodeValue);
    const attrs = [...n.attributes].map(a => [a.name, a.value]).sort((a, b) =>
      a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0).map(([k, v]) => ` ${k}="${v}"`).join('');
    return `<${n.localName}${attrs}>${[...n.childNodes].map(ser).join('')}</${n.localName}>`;
  };
  return ser(document.getElementById(id));
}"""


def expected(node: Node) -> str:
    esc = node.text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") \
        if node.text is not None else None
    if node.tag == "#text":
        return esc
    inner = esc if esc is not None else "".join(expected(c) for c in node.children)
    attrs = "".join(f' {k}="{v}"' for k, v in sorted(node.attrs.items()))
    return f"<{node.tag}{attrs}>{inner}</{node.tag}>"


def random_tree(rng: random.Random, depth: int = 2) -> Node:
    key = rng.choice([None, "a", "b", "c", "d"])
    if depth == 0 or rng.random() < 0.4:
        if rng.random() < 0.2:
            return txt(rng.choice(["x", "<i>y</i>", "&"]))
        return h(rng.choice(["span", "li"]), rng.choice(["", "card", "card new"]),
                 rng.choice(["", "7", "<b>bold?</b>", "Evil Olive"]), key=key,
                 data_v=rng.choice([None, "1", "2"]))
    kids: list[Node] = []
    keys = set()
    for _ in range(rng.randrange(5)):
        kid = random_tree(rng, depth - 1)
        if kid.key is None or kid.key not in keys:
            keys.add(kid.key)
            kids.append(kid)
    return h(rng.choice(["div", "ol"]), "", None, *kids, key=key,
             aria_label=rng.choice([None, "a", "b"]))


def open_applier(page, base_url):
    """A blank page of the game's origin that loads the shipped applier."""
    page.route(base_url + "patch-test.html", lambda route: route.fulfill(
        content_type="text/html", body="<!doctype html><link rel='icon' href='data:,'>"
        "<div id='box' class='static'><p>placeholder</p></div><script src='web/render/patch.js'>"
        "</script>"))
    page.goto(base_url + "patch-test.html")
    assert page.evaluate("typeof window.tacocatPatch.apply") == "function"


def test_random_batches_draw_exactly_the_trees(page, base_url):
    open_applier(page, base_url)
    rng = random.Random(18)
    differ = Differ()
    for _ in range(60):
        kids = [random_tree(rng) for _ in range(rng.randrange(6))]
        seen, unique = set(), []
        for kid in kids:
            if kid.key is None or kid.key not in seen:
                seen.add(kid.key)
                unique.append(kid)
        ops = differ.render([Root("box", {"data-n": rng.choice([None, "1"])}, unique)])
        page.evaluate("ops => window.tacocatPatch.apply(ops)", json.dumps(ops))
        attrs = {"class": "static", "id": "box"}
        if differ.drawn["box"].attrs.get("data-n"):
            attrs["data-n"] = "1"
        want = "".join(f' {k}="{v}"' for k, v in sorted(attrs.items()))
        assert page.evaluate(SERIALISE, "box") == \
            f"<div{want}>{''.join(expected(c) for c in unique)}</div>"
        # the applier keeps exactly the drawn nodes (removed ones are forgotten)
        assert page.evaluate("window.tacocatPatch.size()") == \
            1 + sum(1 for c in unique for _ in c.walk())


def test_kept_nodes_are_the_same_elements(page, base_url):
    open_applier(page, base_url)
    differ = Differ()
    cards = [h("button", "card", str(v), key=str(v)) for v in (2, 5, 9)]
    page.evaluate("ops => window.tacocatPatch.apply(ops)",
                  json.dumps(differ.render([Root("box", None, cards)])))
    page.evaluate("window.five = document.querySelectorAll('#box button')[1]; "
                  "window.five.focus()")
    ops = differ.render([Root("box", None, [h("button", "card selected", "5", key="5"),
                                            h("button", "card", "9", key="9")])])
    page.evaluate("ops => window.tacocatPatch.apply(ops)", json.dumps(ops))
    assert page.evaluate("document.querySelector('#box button') === window.five")
    assert page.evaluate("document.activeElement === window.five")  # focus survives
    assert page.evaluate("window.five.className") == "card selected"


def test_svg_text_and_refusals(page, base_url):
    open_applier(page, base_url)
    differ = Differ()
    ops = differ.render([Root("box", None, [
        svg("svg", svg("rect", x=1, width=8), viewBox="0 0 10 10"),
        h("p", "", "<img src=x onerror=alert(1)>")])])
    page.evaluate("ops => window.tacocatPatch.apply(ops)", json.dumps(ops))
    assert page.evaluate("document.querySelector('#box rect').namespaceURI") == \
        "http://www.w3.org/2000/svg"
    assert page.evaluate("document.querySelectorAll('#box img').length") == 0
    assert page.evaluate("document.querySelector('#box p').textContent") == \
        "<img src=x onerror=alert(1)>"
    error = page.evaluate("""() => { try {
        window.tacocatPatch.apply(JSON.stringify([["el", 999, "div", {"onclick": "x()"}, null]]));
        return null; } catch (e) { return String(e); } }""")
    assert error is not None and "bad attribute name" in error
    unknown = page.evaluate("""() => { try { window.tacocatPatch.apply([["html", 1, "<b>"]]);
        return null; } catch (e) { return String(e); } }""")
    assert unknown is not None and "unknown operation" in unknown


def test_a_batch_removing_the_focused_element_lets_go_of_it_first(page, base_url):
    """The focused card leaves: the applier blurs it before any write (no style update
    mid-batch); only a batch that removes the focused element does that."""
    open_applier(page, base_url)
    differ = Differ()
    cards = [h("button", "card", str(v), key=str(v)) for v in (2, 5, 9)]
    page.evaluate("ops => window.tacocatPatch.apply(ops)",
                  json.dumps(differ.render([Root("box", None, cards)])))
    page.evaluate("""() => { window.blurs = [];
        document.querySelectorAll('#box button').forEach(b => b.addEventListener('blur',
          () => window.blurs.push([b.textContent, b.isConnected])));
        document.querySelectorAll('#box button')[1].focus(); }""")
    keep_five = [h("button", "card", "2", key="2"), h("button", "card", "5", key="5")]
    page.evaluate("ops => window.tacocatPatch.apply(ops)",
                  json.dumps(differ.render([Root("box", None, keep_five)])))
    assert page.evaluate("window.blurs") == []  # the 9 went; the focused 5 stayed focused
    page.evaluate("ops => window.tacocatPatch.apply(ops)",
                  json.dumps(differ.render([Root("box", None, keep_five[:1])])))
    assert page.evaluate("window.blurs") == [["5", True]]  # let go while still in the page
    assert page.evaluate("document.activeElement === document.body")


def test_finish_ends_only_the_applier_s_own_animations(page, base_url):
    open_applier(page, base_url)
    differ = Differ()
    page.evaluate("ops => window.tacocatPatch.apply(ops)", json.dumps(differ.render(
        [Root("box", None, [h("div", "card", "7", key="a"), h("div", "other", "x", key="b"),
                            h("span", "pile", "", id="draw-pile"),
                            h("div", None, None, h("div", "card", "8"), id="hand")])])))
    took = page.evaluate("""() => {
        window.other = document.querySelector('#box .other').animate(
          [{opacity: 0}, {opacity: 1}], {duration: 60000});
        const took = window.tacocatPatch.deal(60000);  // the hand's card flies in
        window.tacocatPatch.finish();
        return took; }""")
    assert took > 60000
    states = page.evaluate("""() => document.getAnimations().map(a =>
        [a.effect.target.className, a.playState])""")
    assert ["other", "running"] in states
    assert not any(cls == "card" and state == "running" for cls, state in states)


def test_after_paint_calls_back_once_after_a_frame_or_its_fall_back(page, base_url):
    """afterPaint: after the next frame (not in the caller's task), once; and by the
    fall-back timer when no frame comes (a hidden page)."""
    open_applier(page, base_url)
    order = page.evaluate("""() => new Promise(done => {
        const log = [];
        requestAnimationFrame(() => log.push('frame'));
        window.tacocatPatch.afterPaint(() => { log.push('after'); }, 5000);
        log.push('task');
        setTimeout(() => done(log), 300);
      })""")
    assert order == ["task", "frame", "after"]
    calls = page.evaluate("""() => new Promise(done => {
        let n = 0;
        window.requestAnimationFrame = () => 0;  // frames stop coming
        window.tacocatPatch.afterPaint(() => { n++; }, 50);
        setTimeout(() => done(n), 400);
      })""")
    assert calls == 1


def test_idle_calls_back_once_after_two_frames_with_or_without_idle_callbacks(page, base_url):
    """idle: after the tap's frame and the next one (where the move it makes is drawn),
    then at an idle moment; an engine without requestIdleCallback is called then."""
    open_applier(page, base_url)
    script = """(noIdle) => new Promise(done => {
        if (noIdle) window.requestIdleCallback = undefined;
        const log = [];
        let frames = 0;
        const tick = () => { frames++; if (frames < 6) requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
        window.tacocatPatch.idle(() => { log.push('idle after ' + Math.min(frames, 2)); }, 5000);
        log.push('task');
        setTimeout(() => done(log), 600);
      })"""
    assert page.evaluate(script, False) == ["task", "idle after 2"]
    assert page.evaluate(script, True) == ["task", "idle after 2"]
