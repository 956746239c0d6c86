/** Leaves the app for another page (a payment provider's checkout). A module of its own so tests can stand in for it. */
export function goToExternal(url: string): void {
  window.location.assign(url);
}
