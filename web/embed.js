/* Tacocat embed snippet. In an article:
 *
 *   <script src="https://example.org/games/tacocat/web/embed.js"
 *           data-lang="eu" data-level="medium" async></script>
 *
 * inserts an <iframe> of the game (compact layout, ?embed=1) right where the tag is.
 * The game's URL is derived from this script's own URL (the folder above web/).
 * The frame's height follows {type: "tacocat:height", height} messages, believed only
 * when they come from the game's origin AND from this very frame. Only inline styles
 * are set on the frame; nothing else on the page is touched.
 * Optional attributes: data-lang, data-level, data-pace, data-mode, data-seed,
 * data-height (initial px, default 720), data-title.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  var game = new URL("../", script.src);
  var params = new URLSearchParams();
  params.set("embed", "1");
  ["lang", "level", "pace", "mode", "seed"].forEach(function (name) {
    var value = script.getAttribute("data-" + name);
    if (value) params.set(name, value);
  });
  game.search = params.toString();

  var frame = document.createElement("iframe");
  frame.src = game.href;
  frame.title = script.getAttribute("data-title") || "Tacocat Spelled Backwards";
  frame.setAttribute("loading", "lazy");
  frame.setAttribute("allow", "fullscreen");
  var initial = parseInt(script.getAttribute("data-height") || "", 10);
  var s = frame.style;
  s.display = "block";
  s.width = "100%";
  s.maxWidth = "100%";
  s.height = (initial > 0 ? initial : 720) + "px";
  s.border = "0";
  s.margin = "0";
  s.padding = "0";
  s.colorScheme = "normal";
  s.transition = "none";
  script.parentNode.insertBefore(frame, script);

  window.addEventListener("message", function (event) {
    if (event.origin !== game.origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.type !== "tacocat:height") return;
    var height = Number(data.height);
    if (!isFinite(height) || height < 100) return;
    frame.style.height = Math.min(Math.ceil(height), 20000) + "px";
  });
})();
