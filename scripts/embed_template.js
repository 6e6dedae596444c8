/* Tacocat embed snippet. In an article:
 *
 *   <script src="https://example.org/games/tacocat/web/embed.js" data-lang="eu" async></script>
 *
 * shows a light poster right where the tag is (the board drawn in CSS, the title, one line
 * about the game and a Play button) and loads nothing else from the game's site until the
 * reader presses Play; then it swaps in an <iframe> of the game (compact layout, ?embed=1)
 * and focuses it. The game's URL is this script's folder's parent. The frame's height
 * follows {type: "tacocat:height", height} messages, believed only when they come from the
 * game's origin AND from this very frame. The poster lives in a shadow root and the frame
 * gets inline styles only: nothing else on the page is touched.
 * Attributes: data-lang, data-level, data-pace, data-mode, data-seed, data-theme (light or
 * dark, to match the article; default: the reader's device), data-lesson (one of
 * LESSONS: a single lesson in a compact frame), data-puzzle ("daily" or a puzzle's id: that
 * puzzle alone), data-height (initial px; default 720, 440 for a lesson, 560 a puzzle), data-title, data-autoload (load the game at once, as a bare frame would),
 * data-preload="visible" (near the viewport, web/preload.html in a hidden frame fetches
 * the game at low priority, in the game frame's cache partition; not on Save-Data or 2G).
 */
(function () {
  "use strict";
  var STRINGS = /*STRINGS*/ {};
  var LESSONS = /*LESSONS*/ [];
  var script = document.currentScript;
  if (!script || !script.src) return;
  var attr = function (name) { return script.getAttribute("data-" + name); };
  var game = new URL("../", script.src);
  var params = new URLSearchParams();
  params.set("embed", "1");
  var lesson = LESSONS.indexOf(attr("lesson")) >= 0 ? attr("lesson") : null;
  if (lesson) params.set("lesson", lesson);
  // data-puzzle: "daily" (the day's puzzle, the reader's date) or a puzzle's 8-letter id
  var puzzle = !lesson && /^(daily|[a-z2-7]{8})$/.test(attr("puzzle") || "") ? attr("puzzle") : null;
  if (puzzle) params.set("puzzle", puzzle);
  ["lang", "level", "pace", "mode", "seed", "theme"].forEach(function (name) {
    if (attr(name)) params.set(name, attr(name));
  });
  game.search = params.toString();

  // The poster's language: data-lang, else the reader's browser languages, else English.
  var lang = "en";
  var wanted = [attr("lang")].concat(navigator.languages || [navigator.language]);
  for (var i = 0; i < wanted.length; i++) {
    var code = String(wanted[i] || "").toLowerCase().split("-")[0];
    if (STRINGS[code]) { lang = code; break; }
  }
  var t = function (key, fallback) { return STRINGS[lang][key] || STRINGS.en[key] || fallback; };
  var name = t("app.title", "Tacocat Spelled Backwards");
  var heading = lesson ? t("lesson." + lesson + ".title", name)
    : puzzle ? t(puzzle === "daily" ? "puzzle.daily" : "puzzle.title", name) : name;
  var title = attr("title") || heading;
  var initial = parseInt(attr("height") || "", 10);
  var height = (initial > 0 ? initial : lesson ? 440 : puzzle ? 560 : 720) + "px";
  var box = { display: "block", width: "100%", maxWidth: "100%", height: height, margin: "0",
              padding: "0", border: "0" };
  var css = function (node, styles) { for (var k in styles) node.style[k] = styles[k]; };

  function makeFrame(lazy) {
    var frame = document.createElement("iframe");
    frame.src = game.href;
    frame.title = title;
    if (lazy) frame.setAttribute("loading", "lazy");
    frame.setAttribute("allow", "fullscreen");
    css(frame, box);
    css(frame, { colorScheme: "normal", transition: "none" });
    window.addEventListener("message", function (event) {
      if (event.origin !== game.origin || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!data || data.type !== "tacocat:height") return;
      var h = Number(data.height);
      if (!isFinite(h) || h < 100) return;
      frame.style.height = Math.min(Math.ceil(h), 20000) + "px";
    });
    return frame;
  }

  var auto = attr("autoload");
  var host = document.createElement("div");
  if ((auto !== null && auto !== "false") || !host.attachShadow) {
    script.parentNode.insertBefore(makeFrame(true), script);
    return;
  }

  // The facade: a few hundred bytes of DOM instead of the ~4 MB game, until Play.
  css(host, box);
  host.setAttribute("role", "region");
  host.setAttribute("aria-label", title);
  var root = host.attachShadow({ mode: "open" });
  var el = function (tag, cls, text, parent) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = text;
    (parent || root).appendChild(node);
    return node;
  };
  el("style", "", [
    ":host{all:initial;display:block}",
    ".p{box-sizing:border-box;height:100%;display:flex;flex-direction:column;align-items:center;" +
      "justify-content:center;gap:14px;padding:20px;border:1px solid #fdba74;border-radius:12px;" +
      "background:#fff7ed;" +
      "color:#431407;font:16px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;" +
      "text-align:center;overflow:hidden}",
    ".b{display:flex;gap:4px;margin-top:1.4em}",
    ".s{position:relative;width:2.1em;height:2.9em;border-radius:6px;background:#fed7aa;" +
      "display:flex;align-items:center;justify-content:center;font-weight:700}",
    ".o{background:#c2410c;color:#fff}",
    ".c{position:absolute;top:-1.5em;left:50%;width:1.5em;height:1.5em;margin-left:-.75em;" +
      "fill:#431407}",
    "h2{margin:0;font-size:1.5em;line-height:1.2}p{margin:0;max-width:34em}",
    ".k{font-size:.8em;letter-spacing:.08em;text-transform:uppercase}",
    "button{font:inherit;font-size:1.25em;font-weight:700;display:inline-flex;align-items:center;" +
      "gap:.55em;padding:.6em 1.7em;border:0;border-radius:999px;background:#c2410c;color:#fff;" +
      "cursor:pointer}",
    "button::before{content:'';border-left:.7em solid;border-top:.42em solid transparent;" +
      "border-bottom:.42em solid transparent}",
    "button:hover{background:#9a3412}button:focus-visible{outline:3px solid #1d4ed8;" +
      "outline-offset:3px}",
  ].join(""));
  var poster = el("div", "p");
  poster.lang = lang;
  var board = el("div", "b", "", poster);
  board.setAttribute("aria-hidden", "true");
  "TACOCAT".split("").forEach(function (letter, n) {
    var space = el("span", n === 3 ? "s o" : "s", letter, board);
    if (n !== 3) return;
    var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 32 32");
    svg.setAttribute("class", "c");
    var path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", "M6 5l6 6h8l6-6v14a10 9 0 0 1-20 0z");
    svg.appendChild(path);
    space.appendChild(svg);
  });
  if (lesson || puzzle) el("p", "k", name, poster);
  el("h2", "", heading, poster);
  if (!lesson && !puzzle) el("p", "", t("embed.tagline", ""), poster);
  var button = el("button", "", t("embed.play", "Play"), poster);
  button.type = "button";

  // Hovering or focusing Play opens the connection early; nothing is downloaded.
  var warm = function () {
    if (warm.done) return;
    warm.done = true;
    var link = document.createElement("link");
    link.rel = "preconnect";
    link.href = game.origin;
    (document.head || document.documentElement).appendChild(link);
  };
  button.addEventListener("pointerenter", warm);
  button.addEventListener("focus", warm);
  // data-preload: once near the viewport and the article has loaded.
  var preload = null;
  var seen = null;
  var net = navigator.connection;
  var start = function () {
    if (!seen || preload) return;
    preload = document.createElement("iframe");
    preload.src = new URL("web/preload.html", game).href;
    preload.tabIndex = -1;
    preload.setAttribute("aria-hidden", "true");
    css(preload, { display: "none" });
    root.appendChild(preload);
  };
  if (attr("preload") === "visible" && window.IntersectionObserver &&
      !(net && (net.saveData || /2g$/.test(net.effectiveType || "")))) {
    seen = new IntersectionObserver(function (entries) {
      if (!entries.some(function (e) { return e.isIntersecting; })) return;
      seen.disconnect();
      if (document.readyState === "complete") start();
      else window.addEventListener("load", start);
    }, { rootMargin: "100% 0px" });
    seen.observe(host);
    window.addEventListener("message", function (event) {
      if (!preload || event.origin !== game.origin || event.source !== preload.contentWindow ||
          !event.data || event.data.type !== "tacocat:preloaded") return;
      root.removeChild(preload);
      if (host.style.display === "none" && host.parentNode) host.parentNode.removeChild(host);
    });
  }
  button.addEventListener("click", function () {
    if (seen) seen.disconnect();
    seen = null;
    var frame = makeFrame(false);
    if (preload && preload.parentNode) { // still loading ahead: let it finish
      host.style.display = "none";
      host.parentNode.insertBefore(frame, host.nextSibling);
    } else {
      host.parentNode.replaceChild(frame, host);
    }
    frame.focus();
  });
  script.parentNode.insertBefore(host, script);
})();
