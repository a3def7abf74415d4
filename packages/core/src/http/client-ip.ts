import { isIP } from 'node:net';
import type { AuthContext } from '../context.ts';
import type { RequestContext } from './request-context.ts';

/**
 * The client's IP: from a configured proxy header when one names exactly one valid address
 * (a header the operator's proxy sets; never trusted by default, since clients can forge it),
 * else the socket's peer address. IPv4-mapped IPv6 becomes IPv4; other IPv6 is masked to /64,
 * which is what one subscriber usually holds.
 */
export function clientIp(auth: Pick<AuthContext, 'options'>, request: RequestContext): string | null {
  for (const header of auth.options.ipAddressHeaders) {
    const value = request.header(header)?.trim();
    if (value && !value.includes(',') && isIP(value)) return normalizeIp(value);
  }
  return request.remoteAddress && isIP(request.remoteAddress) ? normalizeIp(request.remoteAddress) : null;
}

export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  if (isIP(ip) === 4) return ip;
  const groups = expandIPv6(ip);
  return [...groups.slice(0, 4), '0000', '0000', '0000', '0000'].join(':');
}

function expandIPv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const all = ip.includes('::') ? [...left, ...Array(missing).fill('0'), ...right] : left;
  return all.map((group) => group.padStart(4, '0'));
}
