import { randomBytes, randomInt, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at N=2^15, r=8, p=1 (about 32 MiB and 60-120 ms a try on a small host): slow enough that a stolen
 * database does not give passwords away cheaply, fast enough for a sign-in. The parameters are stored with
 * each hash, so they can be raised later without invalidating existing accounts.
 */
const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
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
