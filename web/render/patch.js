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
  var EASE = "cubic-bezier(.25, .8, .3, 1)";  // a card's flight
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

  /* The page's static words (web/render/vdom.py Labels): [data-i18n=key] gets the text,
   * [data-i18n-<attribute>=key] gets it in that attribute. */
  var LABELLED = ["aria-label", "title", "placeholder"];
  function labels(texts) {
    document.querySelectorAll("[data-i18n]").forEach(function (node) {
      var key = node.getAttribute("data-i18n");
      if (Object.prototype.hasOwnProperty.call(texts, key)) node.textContent = texts[key];
    });
    LABELLED.forEach(function (attr) {
      document.querySelectorAll("[data-i18n-" + attr + "]").forEach(function (node) {
        var key = node.getAttribute("data-i18n-" + attr);
        if (Object.prototype.hasOwnProperty.call(texts, key)) node.setAttribute(attr, texts[key]);
      });
    });
  }

  /* If the batch removes the focused element (the card or button just tapped), let it go
   * first, while style and layout are still clean: removing a focused element makes the
   * browser update style and layout in the middle of the batch (4–25 ms at a phone's speed,
   * measured), and blur() before any write costs a fraction of that. Focus comes back where
   * it belongs after the batch (web/control/move_flow.py). */
  var lost = false;  // the last batch removed the focused element (lostFocus())
  function releaseFocus(ops) {
    lost = false;
    var active = document.activeElement;
    if (!active || active === document.body) return;
    for (var i = 0; i < ops.length; i++) {
      if (ops[i][0] !== "rm") continue;
      var node = nodes.get(ops[i][1]);
      if (node && node.contains(active)) { active.blur(); lost = true; return; }
    }
  }

  /* -- Focus, which the page's render owns (web/render/paint.py): control says where it
   * goes, by id, and never touches an element. */
  function focus(id) {
    var node = id ? document.getElementById(id) : null;
    if (!node) return false;
    node.focus({preventScroll: true});
    return true;
  }
  /* Is nothing focused, or is the focus inside element ``id``? */
  function focusWithin(id) {
    var active = document.activeElement;
    if (!active || active === document.body) return true;
    var node = document.getElementById(id);
    return !!node && node.contains(active);
  }
  /* A tapped control answers at once (data-chosen: the card lifts, a button darkens),
   * before its move is drawn (web/control/move_flow.py). */
  function mark(id, on) {
    var node = document.getElementById(id);
    if (!node) return;
    if (on) node.setAttribute("data-chosen", "");
    else node.removeAttribute("data-chosen");
  }
  /* Scroll element ``id`` into view if it is not (the round's result, without pushing the
   * table away). */
  function bringIntoView(id) {
    var node = document.getElementById(id);
    if (node) node.scrollIntoView({block: "nearest"});
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
        case "labels": labels(op[1]); break;
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

  /* A stand-in for a card that left the table — the very element, which the patch took
   * out of the page (or a copy, if it is still there) — flying by (dx, dy) from where it
   * was to the discard pile, removed when it lands. */
  function ghost(card, dx, dy, unit) {
    var node = card.node.isConnected ? card.node.cloneNode(true) : card.node;
    var rect = card.rect;
    node.removeAttribute("data-key");
    node.removeAttribute("id");
    node.setAttribute("aria-hidden", "true");
    node.classList.add("ghost");
    node.setAttribute("style", (node.getAttribute("style") || "") + ";position:fixed;left:" +
                      rect.left + "px;top:" + rect.top + "px;margin:0;z-index:30;" +
                      "pointer-events:none");
    document.body.append(node);
    var flight = track(node.animate(
      [{transform: "none", opacity: 1},
       {transform: "translate(" + dx.toFixed(1) + "px, " + dy.toFixed(1) + "px) scale(0.3)",
        opacity: 0.2}],
      {duration: unit, easing: EASE, fill: "forwards"}));
    flight.addEventListener("finish", function () { node.remove(); ghosts.delete(node); });
    ghosts.add(node);
  }

  /* -- Moves you can see (FLIP: first, last, invert, play). web/render/motion.py says what
   * happened — the seat at the bottom, where the cat went, the tiles, the pace — and these
   * functions read the positions and start the animations: a move's reads and starts in
   * JavaScript, not in Python calling back and forth through JSON (at 4× CPU the Python
   * side of a move's motion was 6–10 ms of its task; here it is a fraction of a
   * millisecond, issue #52). */
  var before = null;  // what remember() read just before a move was drawn

  function items(selector) {
    return Array.prototype.map.call(document.querySelectorAll(selector), function (n) {
      var value = n.getAttribute("data-value"), seat = n.getAttribute("data-from");
      return {node: n, key: n.getAttribute("data-key"), rect: n.getBoundingClientRect(),
              value: value === null ? null : +value, seat: seat === null ? null : +seat};
    });
  }

  /* The "first" positions, read before a move is drawn while the layout is still that of
   * the frame on screen (the table's elements too: one that leaves flies on as its ghost). */
  function remember() {
    var table = {};
    items("#table-cards [data-key]").forEach(function (c) { table[c.key] = c; });
    var backs = items("#opponent .backs");
    before = {hand: items("#hand button.card"), table: table,
              lifted: items("#opponent .lifted .card").map(function (c) { return c.rect; }),
              opponent: backs.length ? backs[0].rect : null};
  }

  function centreShift(src, dst) {
    var dx = (src.left + src.width / 2) - (dst.left + dst.width / 2);
    var dy = (src.top + src.height / 2) - (dst.top + dst.height / 2);
    var scale = dst.width ? Math.max(0.3, Math.min(2, src.width / dst.width)) : 1;
    return "translate(" + dx.toFixed(1) + "px, " + dy.toFixed(1) + "px) scale(" +
      scale.toFixed(3) + ")";
  }

  function play(node, frames, duration, delay, easing) {
    if (node) track(node.animate(frames, {duration: Math.max(duration, 1), delay: delay || 0,
                                          easing: easing || EASE, fill: "backwards"}));
  }

  /* Animate from what remember() read to what is drawn now; ``plan`` (JSON): {me, cat:
   * [from, to], tiles, unit}. Every position is read first (the one layout the new DOM
   * needs), then every animation starts. Returns the animations' total length in ms. */
  function land(plan) {
    plan = JSON.parse(plan);
    var was = before;
    before = null;
    if (!was) return 0;
    var unit = plan.unit;
    var now = items("#table-cards [data-key]");
    var pile = items("#discard-pile:not([hidden])");
    var walk = plan.cat[0] !== null && plan.cat[0] !== plan.cat[1];
    var track = walk ? items("#track > li") : [];
    var result = document.querySelector("#result:not([hidden])");
    var end = tableMotion(was, plan.me, unit, now, pile.length ? pile[0].rect : null);
    if (walk && track.length > 2) {
      end = catWalk(plan.cat[0], plan.cat[1], track.map(function (t) {
        return t.rect.left + t.rect.width / 2; }), plan.tiles, end, unit);
    }
    if (result && end > 0) {
      play(result, [{opacity: 0, transform: "translateY(8px)"}, {opacity: 1, transform: "none"}],
           unit, end);
      end += unit;
    }
    return end;
  }

  function tableMotion(was, me, unit, now, target) {
    var byKey = {};
    now.forEach(function (c) { byKey[c.key] = c; });
    var hand = was.hand.slice(), lifted = was.lifted.slice(), end = 0;
    // cards that left the table go to the discard pile
    Object.keys(was.table).forEach(function (key) {
      var card = was.table[key], kept = byKey[key];
      if (kept && (kept.value === card.value || card.value === null)) return;
      if (!target) return;
      var dx = (target.left + target.width / 2) - (card.rect.left + card.rect.width / 2);
      var dy = (target.top + target.height / 2) - (card.rect.top + card.rect.height / 2);
      ghost(card, dx, dy, unit);
    });
    // cards that arrived: from the hand that played them
    now.filter(function (c) { return !(c.key in was.table); }).forEach(function (c, i) {
      var src = null;
      if (c.seat === me && hand.length) {
        var at = 0;
        for (var j = 0; j < hand.length; j++) if (hand[j].value === c.value) { at = j; break; }
        src = hand.splice(at, 1)[0].rect;
      } else if (lifted.length) {
        src = lifted.shift();
      } else if (was.opponent) {
        src = was.opponent;
      }
      if (!src) return;
      var delay = i * unit * 0.25;
      play(c.node, [{transform: centreShift(src, c.rect), opacity: 0.9},
                    {transform: "none", opacity: 1}], unit, delay);
      end = Math.max(end, delay + unit);
    });
    // sealed cards that were revealed turn over together, from the back web/cards.css
    // draws behind the face (backface-visibility) to the face
    var flips = now.filter(function (c) {
      return c.key in was.table && was.table[c.key].value === null && c.value !== null; });
    flips.forEach(function (c) {
      play(c.node, [{transform: "perspective(40em) rotateY(180deg)"},
                    {transform: "perspective(40em) rotateY(0deg)"}], unit, end, "ease-in-out");
    });
    return flips.length ? end + unit : end;
  }

  /* The cat walks space by space to ``stop``, hopping high over covered spaces. */
  function catWalk(start, stop, centres, tiles, delay, unit) {
    var centre = function (index) { return centres[index + 1]; };
    var step = stop < start ? -1 : 1, path = [];
    for (var k = start; k !== stop + step; k += step) path.push(k);
    var endX = centre(stop), n = path.length - 1, frames = [];
    path.forEach(function (index, k) {
      frames.push({transform: "translate(" + (centre(index) - endX).toFixed(1) + "px, 0)",
                   offset: k / n});
      if (k < n) {
        var next = path[k + 1];
        var hop = next >= 0 && next < centres.length - 2 && tiles.indexOf(next) >= 0 ? -22 : -10;
        var mid = (centre(index) + centre(next)) / 2 - endX;
        frames.push({transform: "translate(" + mid.toFixed(1) + "px, " + hop + "px)",
                     offset: (k + 0.5) / n});
      }
    });
    var duration = unit * 1.3 * n;
    play(document.getElementById("cat"), frames, duration, delay, "linear");
    // its legs: the two strides of the sprite take turns, two per space
    var strides = 2 * n;
    [["#cat .cat-pose", 1], ["#cat .cat-step", 0]].forEach(function (leg) {
      var first = leg[1], keys = [];
      for (var j = 0; j < strides; j++) {
        keys.push({opacity: j % 2 === 0 ? first : 1 - first, offset: j / strides,
                   easing: "steps(1, end)"});
      }
      keys.push({opacity: first, offset: 1});
      play(document.querySelector(leg[0]), keys, duration, delay, "linear");
    });
    play(document.querySelector("#track > li:nth-child(" + (start + 2) + ")"),  // the space it left
         [{transform: "translateY(-14px) scale(1.15)", opacity: 0.3},
          {transform: "none", opacity: 1}], unit, delay + unit * 0.6);
    return delay + duration;
  }

  /* A new round: the cards fly from the draw pile into both hands. */
  function deal(unit) {
    var pile = document.getElementById("draw-pile");
    if (!pile) return 0;
    var src = pile.getBoundingClientRect(), step = unit * 0.12, i = 0;
    ["#hand .card", "#opponent .backs .card"].forEach(function (selector) {
      items(selector).forEach(function (c) {
        play(c.node, [{transform: centreShift(src, c.rect), opacity: 0},
                      {transform: "none", opacity: 1}], unit, i * step);
        i += 1;
      });
    });
    return i * step + unit;
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

  /* Call ``callback`` once: in the next animation frame, before it paints (web/control/move_flow.py
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
   * after ``fallbackMs`` if no frame comes): web/control/move_flow.py paints a tap's answer first and
   * draws the move it makes right after. */
  function afterPaint(callback, fallbackMs) {
    frame(function () { setTimeout(callback, 0); }, fallbackMs);
  }

  /* Call ``callback`` once the page is idle after two more frames: a tap's answer and the
   * move it makes (drawn right after the first, web/control/move_flow.py) are on screen first.
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

  window.tacocatPatch = {apply: apply, reset: reset,
                         finish: finish, frame: frame, afterPaint: afterPaint, idle: idle,
                         remember: remember, land: land, deal: deal,
                         focus: focus, focusWithin: focusWithin, mark: mark,
                         bringIntoView: bringIntoView,
                         lostFocus: function () { return lost; },
                         size: function () { return nodes.size; }};
})();
