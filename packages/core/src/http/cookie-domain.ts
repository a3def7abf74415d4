/**
 * Whether a cookie `Domain` reaches `host`: it must be the host itself or a parent domain of it.
 * Browsers drop a cookie whose Domain does not cover the host that set it, so any other value
 * would sign everyone out silently; a bare top-level name (`com`, refused by browsers as a public
 * suffix) and a parent of an IP address are refused for the same reason.
 */
export function cookieDomainCovers(domain: string, host: string): boolean {
  if (!/^[a-z0-9.-]+$/.test(domain) || domain.startsWith('.') || domain.endsWith('.')) return false;
  if (host === domain) return true;
  const ipHost = /^[\d.]+$/.test(host) || host.startsWith('[');
  return !ipHost && domain.includes('.') && host.endsWith(`.${domain}`);
}
