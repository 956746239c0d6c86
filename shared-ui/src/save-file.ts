// Saving a file the page already holds (a CSV export, a statement PDF) as a download: one
// helper for every dashboard. Remotes call it through a module of their own (mf-investor's
// lib/browser, mf-admin's lib/download) so their tests can stand in for the download.

/** Hands `blob` to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Let the download start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
