/**
 * Leaves the single-page app for another site (a sign-in provider). A plain function, so tests
 * can replace it: happy-dom cannot navigate to another origin.
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
