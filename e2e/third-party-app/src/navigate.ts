/** A router in a few lines: the pathname picks the page (`main.tsx`); links push history. */
export function navigate(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
