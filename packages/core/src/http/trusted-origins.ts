/**
 * Decides whether an origin or a redirect target is trusted (docs/protocol/core.md#trusted-origins). Built
 * once from the configured list: exact origins compare as strings, wildcard entries become regexes.
 */
export interface OriginMatcher {
  /** An `Origin`/`Referer` value: must be absolute and trusted. */
  isTrustedOrigin(candidate: string): boolean;
  /** A redirect field (callbackURL…): a safe same-origin relative path, or a trusted absolute URL. */
  isTrustedRedirect(candidate: string): boolean;
}

export function createOriginMatcher(entries: string[], ownOrigin: string): OriginMatcher {
  const exact = new Set<string>();
  const hostPatterns: RegExp[] = [];
  const originPatterns: RegExp[] = [];
  for (const entry of entries) {
    const wildcard = entry.includes('*') || entry.includes('?');
    if (!wildcard) exact.add(entry);
    else if (entry.includes('://')) originPatterns.push(globToRegExp(entry));
    else hostPatterns.push(globToRegExp(entry));
  }

  const isTrustedOrigin = (candidate: string): boolean => {
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return exact.has(candidate);
    const origin = url.origin;
    if (exact.has(origin)) return true;
    if (originPatterns.some((p) => p.test(origin))) return true;
    return hostPatterns.some((p) => p.test(url.hostname));
  };

  return {
    isTrustedOrigin,
    isTrustedRedirect(candidate) {
      if (candidate.startsWith('/')) return isSafeRelativePath(candidate, ownOrigin);
      return isTrustedOrigin(candidate);
    },
  };
}

/**
 * Whether an entry would trust every web site: a wildcard host without one fixed label (`*`, `*.*`,
 * `https://*`, `*://*`). Such an entry turns off the origin check and opens credentialed CORS and
 * redirects to anyone, so the engine refuses it at creation (options.ts).
 */
export function trustsEverySite(entry: string): boolean {
  const [, scheme, authority = ''] = /^(?:([^/]*):\/\/)?([^/]*)/.exec(entry) ?? [];
  // A custom scheme (`myapp://*`) never matches a web origin.
  if (scheme !== undefined && !['http', 'https'].some((web) => globToRegExp(scheme).test(web))) return false;
  const host = authority.replace(/:[\d*?]*$/, '');
  return /[*?]/.test(host) && /^[*?.]*$/.test(host);
}

/** Rejects paths a browser could read as another host: `//evil`, backslashes, encoded slashes. */
function isSafeRelativePath(path: string, ownOrigin: string): boolean {
  if (path.startsWith('//') || path.includes('\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is rejected.
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  if (/%2f|%5c/i.test(path)) return false;
  try {
    return new URL(path, ownOrigin).origin === ownOrigin;
  } catch {
    return false;
  }
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^${}()|[\]\\/]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]');
  return new RegExp(`^${escaped}$`, 'i');
}
