// Browser side effects in one module, so tests can stand in for them.

/** Leaves the app for another page (the payment provider's checkout). */
export function goToExternal(url: string): void {
  window.location.assign(url);
}

/** Saves a file the page already holds (a CSV export). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Let the download start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
