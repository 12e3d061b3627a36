import { randomBytes, scryptSync } from 'node:crypto';
import { staffAccounts } from '@nursery/db';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestShop, type TestShop } from '../testing/testShop.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { checkStaffPassword, createStaffAccount } from './service.ts';

/** A hash as the shop's first setting made it: N=2^15, r=8, p=1, 32 MiB a try. */
function firstSettingHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, {
    N: 2 ** 15,
    r: 8,
    p: 1,
    maxmem: 128 * 2 ** 15 * 8 * 2,
  });
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('staff password hashes', () => {
  it('are scrypt at N=2^13, r=8, p=10: 8 MiB a try, one of the settings OWASP lists as its minimum', async () => {
    const stored = await hashPassword('a good long password');
    const [name, n, r, p, salt, key] = stored.split('$');
    expect([name, Number(n), Number(r), Number(p)]).toEqual(['scrypt', 2 ** 13, 8, 10]);
    expect(128 * Number(n) * Number(r)).toBe(8 * 1024 * 1024);
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(32);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword('a good long password', stored)).toBe(true);
    expect(await verifyPassword('a good long passwore', stored)).toBe(false);
  });

  it('made with the first setting still verify, and are due to be made again', async () => {
    const stored = firstSettingHash('an older password');
    expect(await verifyPassword('an older password', stored)).toBe(true);
    expect(await verifyPassword('another password', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });
});

describe('a sign-in with an older hash', () => {
  let test: TestShop | undefined;
  afterEach(() => test?.close());

  it('makes the hash again with today’s parameters, and the password still signs in', async () => {
    test = openTestShop({ demo: false });
    const { db } = test.shop.database;
    const { account } = await createStaffAccount(db, {
      email: 'grower@example.com',
      password: 'first password 1',
    });
    const older = firstSettingHash('spring seedlings 2026');
    db.update(staffAccounts)
      .set({ passwordHash: older })
      .where(eq(staffAccounts.staffId, account.staffId))
      .run();
    const hashOf = () =>
      db.select().from(staffAccounts).where(eq(staffAccounts.staffId, account.staffId)).get()?.passwordHash;

    expect(await checkStaffPassword(db, 'grower@example.com', 'wrong password here')).toBeNull();
    expect(hashOf()).toBe(older);

    expect(await checkStaffPassword(db, 'grower@example.com', 'spring seedlings 2026')).not.toBeNull();
    const remade = hashOf() ?? '';
    expect(remade).not.toBe(older);
    expect(remade.startsWith(`scrypt$${2 ** 13}$8$10$`)).toBe(true);
    expect(await checkStaffPassword(db, 'grower@example.com', 'spring seedlings 2026')).not.toBeNull();
    expect(hashOf()).toBe(remade);
  });
});
