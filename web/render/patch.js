/* Tacocat's patch applier: one call per render applies the whole batch of operations that
 * web/render/vdom.py's diff produced (see its docstring for the list). The page's Python views
 * describe the table as light trees; crossing from Python to JS once per element and per
 * attribute cost most of a move on a phone, so the batch crosses once, as a JSON string.
 *
 * Text only ever goes into textContent, text nodes and attribute values: nothing is parsed
 * as HTML. Attribute names must look like attribute names (anything else is refused, so a
 * bad batch cannot add an event handler attribute such as onclick).
 * Tested by e2e/test_patch.py.
 */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var NAME = /^(?!on)[a-z][a-z0-9-]*$/i;
  var nodes = new Map();

  function setAttr(node, name, value) {
    if (!NAME.test(name)) throw new Error("tacocatPatch: bad attribute name " + name);
    if (value === null) node.removeAttribute(name);
    else node.setAttribute(name, value);
  }

  function create(op, ns) {
    var node = ns ? document.createElementNS(SVG, op[2]) : document.createElement(op[2]);
    var attrs = op[3];
    for (var name in attrs) setAttr(node, name, attrs[name]);
    if (op[4] !== null) node.textContent = op[4];
    nodes.set(op[1], node);
  }

  function get(id) {
    var node = nodes.get(id);
    if (!node) throw new Error("tacocatPatch: no node " + id);
    return node;
  }

  /* If the batch removes the focused element (the card or button just tapped), let it go
   * first, while style and layout are still clean: removing a focused element makes the
   * browser update style and layout in the middle of the batch (4–25 ms at a phone's speed,
   * measured), and blur() before any write costs a fraction of that. Focus comes back where
   * it belongs after the batch (web/control/moves.py). */
  function releaseFocus(ops) {
    var active = document.activeElement;
    if (!active || active === document.body) return;
    for (var i = 0; i < ops.length; i++) {
      if (ops[i][0] !== "rm") continue;
      var node = nodes.get(ops[i][1]);
      if (node && node.contains(active)) { active.blur(); return; }
    }
  }

  /* Apply a batch (a JSON string or an array); returns how many operations ran. */
  function apply(batch) {
    var ops = typeof batch === "string" ? JSON.parse(batch) : batch;
    var ends = [];
    releaseFocus(ops);
    for (var i = 0; i < ops.length; i++) {
      var op = ops[i];
      switch (op[0]) {
        case "root": {
          var found = document.getElementById(op[2]);
          if (!found) throw new Error("tacocatPatch: no element #" + op[2]);
          nodes.set(op[1], found);
          break;
        }
        case "clear": get(op[1]).replaceChildren(); break;
        case "el": create(op, false); break;
        case "svg": create(op, true); break;
        case "txt": nodes.set(op[1], document.createTextNode(op[2])); break;
        case "attr": setAttr(get(op[1]), op[2], op[3]); break;
        case "text": get(op[1]).textContent = op[2]; break;
        case "put": {
          var before = op[3] === null ? null : get(op[3]);
          get(op[1]).insertBefore(get(op[2]), before);
          break;
        }
        case "rm": {
          get(op[1]).remove();
          for (var k = 1; k < op.length; k++) nodes.delete(op[k]);
          break;
        }
        case "end": ends.push(get(op[1])); break;
        default: throw new Error("tacocatPatch: unknown operation " + op[0]);
      }
    }
    if (ends.length) {  // reading scrollHeight here would force a layout: wait for the frame
      requestAnimationFrame(function () {
        ends.forEach(function (node) { node.scrollTop = node.scrollHeight; });
      });
    }
    return ops.length;
  }

  /* -- Reads for web/render/motion.py, so a move's FLIP costs a few calls instead of one per card
   * and per coordinate. All reads, no writes: they never force a second layout. */

  /* [data-key, data-value, data-from, left, top, width, height] of each match of each
   * selector (a JSON array of selectors), as JSON: one list per selector. */
  function measure(selectors) {
    return JSON.stringify(JSON.parse(selectors).map(function (selector) {
      var out = [];
      document.querySelectorAll(selector).forEach(function (n) {
        var r = n.getBoundingClientRect();
        out.push([n.getAttribute("data-key"), n.getAttribute("data-value"),
                  n.getAttribute("data-from"), r.left, r.top, r.width, r.height]);
      });
      return out;
    }));
  }

  var clones = new Map();
  /* Keep a copy of each match by its data-key (before a render changes or removes it). */
  function keep(selector) {
    clones = new Map();
    document.querySelectorAll(selector).forEach(function (n) {
      clones.set(n.getAttribute("data-key"), n.cloneNode(true));
    });
  }

  var running = new Set();  // the animations started here and not yet over
  var ghosts = new Set();  // the stand-ins in flight (each removes itself when it lands)

  function track(animation) {
    running.add(animation);
    var done = function () { running.delete(animation); };
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
    animation.addEventListener("remove", done);
    return animation;
  }

  /* Start a move's animations in one call (web/render/motion.py works them out from what
   * measure() read). Each operation is
   *   ["anim", selector, index, keyframes, options]: the index-th match animates;
   *   ["ghost", key, left, top, dx, dy, duration, easing]: the copy keep() made of a card
   *     that left the table flies from where it was by (dx, dy) and is then removed.
   * Keyframes are CSS values (transforms, opacity), never markup. */
  function animate(batch) {
    JSON.parse(batch).forEach(function (op) {
      if (op[0] === "anim") {
        var node = document.querySelectorAll(op[1])[op[2]];
        if (node) track(node.animate(op[3], op[4]));
      } else if (op[0] === "ghost") {
        ghost(op);
      } else {
        throw new Error("tacocatPatch: unknown animation " + op[0]);
      }
    });
  }

  function ghost(op) {
    var node = clones.get(op[1]);
    if (!node) return;
    node.removeAttribute("data-key");
    node.removeAttribute("id");
    node.setAttribute("aria-hidden", "true");
    node.classList.add("ghost");
    node.setAttribute("style", (node.getAttribute("style") || "") + ";position:fixed;left:" +
                      op[2] + "px;top:" + op[3] + "px;margin:0;z-index:30;pointer-events:none");
    document.body.append(node);
    var flight = track(node.animate(
      [{transform: "none", opacity: 1},
       {transform: "translate(" + op[4] + "px, " + op[5] + "px) scale(0.3)", opacity: 0.2}],
      {duration: op[6], easing: op[7], fill: "forwards"}));
    flight.addEventListener("finish", function () { node.remove(); ghosts.delete(node); });
    ghosts.add(node);
  }

  /* Jump every animation started here to its end and drop the ghosts (a new move
   * supersedes them). Only ours: document.getAnimations() would make the browser bring
   * the whole page's style up to date first, in the tap's own task. */
  function finish() {
    Array.from(running).forEach(function (a) { a.finish(); });
    running.clear();
    ghosts.forEach(function (n) { n.remove(); });
    ghosts.clear();
  }

  /* Call ``callback`` once: in the next animation frame, before it paints (web/control/moves.py
   * animates a move there, where the frame lays out anyway), or after ``fallbackMs`` if no
   * frame comes first (a hidden page or an off-screen frame gets none, and the game must
   * go on). */
  function frame(callback, fallbackMs) {
    var done = false, raf = 0, timer = 0;
    function run() {
      if (done) return;
      done = true;
      cancelAnimationFrame(raf);
      clearTimeout(timer);
      callback();
    }
    raf = requestAnimationFrame(run);
    timer = setTimeout(run, fallbackMs);
  }

  /* Call ``callback`` once, in a task of its own after the next frame has painted (or
   * after ``fallbackMs`` if no frame comes): web/control/moves.py paints a tap's answer first and
   * draws the move it makes right after. */
  function afterPaint(callback, fallbackMs) {
    frame(function () { setTimeout(callback, 0); }, fallbackMs);
  }

  /* Call ``callback`` once the page is idle after two more frames: a tap's answer and the
   * move it makes (drawn right after the first, web/control/moves.py) are on screen first.
   * web/platform/sound.py makes its audio context here: 5-40 ms at 4x CPU, which in the tap's own
   * task held the tap's frame. An idle callback where the engine has one (after
   * ``timeoutMs`` at the latest), else at once. */
  function idle(callback, timeoutMs) {
    afterPaint(function () {
      afterPaint(function () {
        if (window.requestIdleCallback) requestIdleCallback(callback, {timeout: timeoutMs});
        else callback();
      }, timeoutMs);
    }, timeoutMs);
  }

  /* Forget every node (the page's regions are drawn from scratch next time). */
  function reset() { nodes.clear(); }

  window.tacocatPatch = {apply: apply, reset: reset, measure: measure, keep: keep,
                         finish: finish, frame: frame, afterPaint: afterPaint, idle: idle,
                         animate: animate,
                         size: function () { return nodes.size; }};
})();
