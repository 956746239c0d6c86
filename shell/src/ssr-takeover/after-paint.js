// @ts-check
// Loaded instead of main.js by a server-rendered page whose largest paint is a photo (the
// catalogue's first cards, a property's lead photo: server/src/plugins/ssr.ts). The page is
// already on screen as HTML; its photos are what the visitor waits for. On a slow link
// main.js (~170 KB) downloading beside them takes most of their bandwidth, so the app's code
// starts once those photos have arrived (or failed, or after 2.5 s at the most). What the
// visitor does meanwhile is kept: links work as links, and choices made in the server's
// markup move to the app when it takes over (./carry-input.ts). docs/frontend.md.
(function () {
  var me = document.currentScript;
  var main = me && me.getAttribute('data-main');
  if (!main) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var s = document.createElement('script');
    s.src = /** @type {string} */ (main);
    document.head.appendChild(s);
  }
  var waiting = Array.prototype.filter.call(
    document.querySelectorAll('#root[data-ssr] img[fetchpriority="high"]'),
    function (/** @type {HTMLImageElement} */ img) {
      return !img.complete;
    },
  );
  var left = waiting.length;
  if (!left) return start();
  function one() {
    if (--left === 0) start();
  }
  waiting.forEach(function (/** @type {HTMLImageElement} */ img) {
    img.addEventListener('load', one, { once: true });
    img.addEventListener('error', one, { once: true });
  });
  setTimeout(start, 2500);
})();
