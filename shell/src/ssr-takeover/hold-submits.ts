// A form in a server-rendered page's markup (the footer's newsletter, the catalogue's filters)
// has no handlers until the app takes over. Submitted meanwhile, the browser would send it
// natively: a GET that reloads the page with the fields in its URL (history, server logs)
// and drops what was typed. Such a submit is held instead; what was typed moves to the app's
// form at the takeover (./carry-input.ts). after-paint.js does the same from the page's
// first script; this covers a page that loads main.js directly. docs/frontend.md.

/** The markup the server rendered: `#root[data-ssr]` until the takeover removes it. */
export const SERVER_ROOT = '#root[data-ssr]';

/** Holds every submit of a form inside the server's markup; returns what stops holding. */
export function holdServerSubmits(doc: Document = document): () => void {
  const hold = (e: Event) => {
    if (e.target instanceof Element && e.target.closest(SERVER_ROOT)) e.preventDefault();
  };
  // Capture on the document: runs before anything else sees the submit.
  doc.addEventListener('submit', hold, true);
  return () => doc.removeEventListener('submit', hold, true);
}
