// @ts-check
// Loaded instead of main.js by a server-rendered page (server/src/plugins/ssr.ts). The page is
// already on screen as HTML; what the visitor waits for is its first paint and its photos.
// main.js (~170 KB) fetched and run beside them delays both on a slow link or a slow phone, so
// the app's code starts once the page has painted and its lead photos (fetchpriority="high")
// have arrived or failed, 2.5 s at the most. What the visitor does meanwhile is kept: links
// work as links, a form's submit is held, and choices made in the server's markup move to the
// app when it takes over (./carry-input.ts). A hidden tab paints nothing: its code starts at once. docs/frontend.md.
(function () {
  // A form of the server's markup has no handlers yet: submitted now, the browser would
  // reload the page with the fields in its URL (history, server logs) and lose what was
  // typed. The submit is held; the text moves to the app's form at the takeover
  // (./hold-submits.ts, ./carry-input.ts). First, so it holds from the page's first script.
  document.addEventListener(
    'submit',
    function (e) {
      if (e.target instanceof Element && e.target.closest('#root[data-ssr]')) e.preventDefault();
    },
    true,
  );
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
  if (document.visibilityState === 'hidden') return start();
  setTimeout(start, 2500);
  // Waiting for: the page's first painted frame (the frame after the next one has begun),
  // and each lead photo.
  var left = 1;
  function one() {
    if (--left === 0) start();
  }
  Array.prototype.forEach.call(
    document.querySelectorAll('#root[data-ssr] img[fetchpriority="high"]'),
    function (/** @type {HTMLImageElement} */ img) {
      if (img.complete) return;
      left++;
      img.addEventListener('load', one, { once: true });
      img.addEventListener('error', one, { once: true });
    },
  );
  requestAnimationFrame(function () {
    requestAnimationFrame(one);
  });
})();
