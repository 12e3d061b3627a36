import { ShopError } from '../errors.ts';

/** Long enough for a large photo on a slow line, short enough that a stuck host does not hold a request. */
export const DOWNLOAD_TIMEOUT_MS = 20_000;
const MAX_REDIRECTS = 3;

/**
 * The photo service's image hosts are an allow-list so the server can never be made to fetch an
 * address of someone's choosing (its own network, a metadata endpoint...). An entry starting with a
 * dot allows every host under that domain; any other entry must match exactly.
 */
export function isAllowedHost(hostname: string, allowed: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) =>
    entry.startsWith('.') ? host.endsWith(entry) && host.length > entry.length : host === entry,
  );
}

/** An allow-list entry may name a port ("127.0.0.1:8080"); without one it allows the scheme's own port only. */
function entryPort(entry: string): { host: string; port: string } {
  const match = /^(.*):(\d+)$/.exec(entry);
  return match ? { host: match[1] as string, port: match[2] as string } : { host: entry, port: '' };
}

/**
 * The host must be on the list, and on the port its entry names: an image host answers on 443 (or 80), and any
 * other port of an allowed name (a test server, an admin console behind it) is not the photo service.
 */
export function isAllowedAddress(url: URL, allowed: readonly string[]): boolean {
  const samePort = allowed
    .map(entryPort)
    .filter((entry) => entry.port === url.port)
    .map((entry) => entry.host);
  return isAllowedHost(url.hostname, samePort);
}

function refuse(message: string): ShopError {
  return new ShopError({ kind: 'bad_request', message });
}

function checkUrl(raw: string, allowed: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('The image address is not a valid web address.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse('The image address must start with https:// or http://.');
  }
  if (url.username || url.password) throw refuse('The image address must not carry a user name or password.');
  if (
    url.port !== '' &&
    isAllowedHost(
      url.hostname,
      allowed.map((entry) => entryPort(entry).host),
    )
  ) {
    if (!isAllowedAddress(url, allowed))
      throw refuse(
        `Images can only be taken from the photo service's image hosts on their usual port; ${url.host} names port ${url.port}. Paste the embed code the photo service gives you.`,
      );
  } else if (!isAllowedAddress(url, allowed)) {
    throw refuse(
      `Images can only be taken from the photo service's image hosts (${allowed.join(', ')}); ${url.hostname} is not one of them. Paste the embed code the photo service gives you.`,
    );
  }
  return url;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

function tooLarge(maxBytes: number): ShopError {
  return new ShopError({
    kind: 'too_large',
    message: `The image is larger than ${megabytes(maxBytes)}; choose a smaller size in the photo service's embed options.`,
  });
}

/**
 * Fetches an image from an allowed host: http(s) only, redirects followed only to allowed hosts,
 * the size cap enforced while the bytes arrive (a lying or missing Content-Length changes nothing),
 * and one deadline for the whole download.
 */
export async function downloadImage(
  raw: string,
  options: { allowedHosts: readonly string[]; maxBytes: number; timeoutMs?: number },
): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS);
  let url = checkUrl(raw, options.allowedHosts);
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept: 'image/jpeg, image/png, image/webp;q=0.9, */*;q=0.1' },
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location || hop >= MAX_REDIRECTS)
          throw refuse('The image address redirects too often; paste the embed code again.');
        url = checkUrl(new URL(location, url).toString(), options.allowedHosts);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw refuse(
          `The photo service answered ${response.status} for that image; check that the photo is public and paste its embed code again.`,
        );
      }
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        await response.body?.cancel();
        throw tooLarge(options.maxBytes);
      }
      return await readCapped(response, options.maxBytes);
    }
  } catch (error) {
    if (error instanceof ShopError) throw error;
    if (signal.aborted) {
      const seconds = Math.max(1, Math.round((options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS) / 1000));
      throw refuse(
        `The photo service did not send the image within ${seconds} second${seconds === 1 ? '' : 's'}; try again.`,
      );
    }
    throw refuse(
      `The image could not be downloaded from ${url.hostname}; check the embed code and try again.`,
    );
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
