// Browser side effects in one module, so tests can stand in for them.

/** Leaves the app for another page (the payment provider's checkout). */
export function goToExternal(url: string): void {
  window.location.assign(url);
}

/** Saves a file the page already holds (a CSV export, a statement). */
export { saveFile } from 'shared-ui';
