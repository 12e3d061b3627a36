import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { ShopError } from '../errors.ts';

/**
 * Where the shop may send events. Like photo import, the shop never fetches an address of someone's choosing
 * inside its own network: a webhook address that names (or resolves to) a private, loopback, link-local or
 * otherwise internal address is refused, at subscription and again on every connection (a name may resolve
 * elsewhere later), unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES says the receivers are on the shop's own network.
 */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one of the shop's own network's (or no one's): never a public receiver. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internal.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return internal.check(mapped[1], 'ipv4');
  return internal.check(address, 'ipv6');
}

function refuse(message: string): ShopError {
  return new ShopError({ kind: 'bad_request', message });
}

const PRIVATE_REFUSED =
  'Webhook addresses must be on the public internet; the shop does not send events into its own network (set WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true if the receiver is on it).';

/**
 * The address as typed, checked without the network: a web address, https (http only for a receiver on the
 * shop's own network, where it is allowed), no user name or password, and not an internal IP address.
 */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('The webhook address is not a valid web address; it looks like https://example.com/events.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse('The webhook address must start with https://.');
  }
  if (url.protocol === 'http:' && !allowPrivate) {
    // Deliveries carry customers' names, phone numbers and e-mail addresses: over the internet, encrypted only.
    throw refuse("The webhook address must start with https://: deliveries carry customers' details.");
  }
  if (url.username || url.password)
    throw refuse('The webhook address must not carry a user name or password.');
  if (url.hash) throw refuse('The webhook address must not have a #fragment.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (
    !allowPrivate &&
    (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isInternalAddress(host)))
  ) {
    throw refuse(PRIVATE_REFUSED);
  }
  return url;
}

/** Resolves the address's host now, so staff hear at once of a name that does not exist or points inside. */
export async function checkWebhookHost(url: URL, allowPrivate: boolean): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return;
  let addresses: LookupAddress[];
  try {
    addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
    );
  } catch {
    throw refuse(`The webhook address's host ${host} could not be found; check the address.`);
  }
  if (!allowPrivate && addresses.some((a) => isInternalAddress(a.address))) throw refuse(PRIVATE_REFUSED);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses internal addresses at connection time: the check is on the address
 * connected to, so a name that resolved to a public address at subscription and to an internal one now (DNS
 * rebinding) is still refused.
 */
export function publicOnlyLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, []);
        return;
      }
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isInternalAddress(a.address));
      if (usable.length === 0) {
        const refused = new Error(`${hostname} resolves only to internal addresses`) as NodeJS.ErrnoException;
        refused.code = 'EINTERNALADDRESS';
        callback(refused, []);
        return;
      }
      if ((options as { all?: boolean }).all) callback(null, usable);
      else {
        const [first] = usable;
        callback(null, first?.address ?? '', first?.family);
      }
    });
  };
}
