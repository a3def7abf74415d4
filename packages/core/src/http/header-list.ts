/**
 * Adds names to a comma-separated header list (Access-Control-Expose-Headers, Vary) already set
 * on a response or queued for one, keeping what is there, `, `-joined, each name once.
 */
export function mergeHeaderList(current: string | null | undefined, names: readonly string[]): string {
  const list = (current ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!list.some((existing) => existing.toLowerCase() === name.toLowerCase())) list.push(name);
  }
  return list.join(', ');
}
