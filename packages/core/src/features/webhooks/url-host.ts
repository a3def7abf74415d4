/** The host of an endpoint URL for its events' metadata: never its path or query, which may carry a token. */
export function urlHost(raw: string): string {
  try {
    return new URL(raw).host;
  } catch {
    return '';
  }
}
