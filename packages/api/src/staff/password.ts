import { randomBytes, randomInt, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at N=2^13, r=8, p=10: one of the settings OWASP's Password Storage Cheat Sheet lists as equal to
 * its minimum (N=2^17, r=8, p=1), slow enough that a stolen database does not give passwords away cheaply.
 * Each try holds 128 x N x r = 8 MiB; the shop's first setting, N=2^15, r=8, p=1, held 32 MiB and did a
 * third of the work. The memory is the host's: four sign-ins at once (libuv's four threads) took 128 MiB,
 * and one sign-in in the middle of a long staff session raised the server's peak by 32 MB (bench/scale.ts,
 * 28 Nov 2026: 254 MB against the goal of 250). Less memory a try also runs faster here (145-180 ms against
 * 190-225 ms on these cores): a 32 MiB block does not stay in the cache.
 *
 * The parameters are stored with each hash, so a hash made with other ones still verifies, and is made
 * again with these at its next good sign-in (needsRehash).
 */
const COST = 2 ** 13;
const BLOCK_SIZE = 8;
const PARALLELISM = 10;
const KEY_LENGTH = 32;
const MAX_MEMORY = 128 * COST * BLOCK_SIZE * 2;

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` with base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, KEY_LENGTH, {
    N: COST,
    r: BLOCK_SIZE,
    p: PARALLELISM,
    maxmem: MAX_MEMORY,
  });
  return [
    'scrypt',
    COST,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** A stored hash made with other parameters than today's, to be made again while the password is at hand. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`scrypt$${COST}$${BLOCK_SIZE}$${PARALLELISM}$`);
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts;
  const N = Number(n);
  const blockSize = Number(r);
  const parallelism = Number(p);
  if (![N, blockSize, parallelism].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(keyText ?? '', 'base64url');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(saltText ?? '', 'base64url'), expected.length, {
    N,
    r: blockSize,
    p: parallelism,
    maxmem: 128 * N * blockSize * 2,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash of nothing in particular, checked against when the account does not exist so both answers take as long. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}

// No 0/O, 1/l/I: the one-time password is read off a terminal and typed by hand.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password of four groups of five characters (about 116 bits), easy to type. */
export function generatePassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = '';
    for (let i = 0; i < 5; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}
