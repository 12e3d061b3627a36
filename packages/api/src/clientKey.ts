import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who a per-client limit counts: the client's address as the shop saw it (request.ip, after TRUST_PROXY), with
 * an IPv6 address cut to its /64. A home or a phone is given a whole /64 and may pick any address in it (privacy
 * addresses change by the hour), so counting IPv6 one address at a time gave one client 2^64 budgets. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket shows an IPv4 client) is that IPv4
 * address. Every limit (order budget, look-up, contact, waitlist, sign-in, the token endpoint) counts by this
 * key and nothing else, so one client is one client everywhere.
 */
export function clientKey(address: string): string {
  const text = address.trim();
  if (text === '') return 'unknown';
  if (isIPv4(text)) return text;
  // A zone (fe80::1%eth0) names the interface, not the client.
  const bare = text.replace(/%.*$/, '').toLowerCase();
  if (!isIPv6(bare)) return text;
  const groups = ipv6Groups(bare);
  const mapped =
    groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
      ? `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`
      : null;
  if (mapped) return mapped;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part read as two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
