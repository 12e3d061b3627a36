import type { StaffAccount } from '@nursery/domain';

export type { StaffAccount } from '@nursery/domain';

import type { ShopDb } from '@nursery/db';
import { staffAccounts } from '@nursery/db';
import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  decoyHash,
  generatePassword,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  needsRehash,
  verifyPassword,
} from './password.ts';

export { generatePassword, MIN_PASSWORD_LENGTH } from './password.ts';

/** A generated password is for one sign-in only: the person then chooses their own. */
export function mustChangePassword(account: StaffAccount): boolean {
  return account.passwordChangedAt === null;
}

const accountColumns = {
  staffId: staffAccounts.staffId,
  email: staffAccounts.email,
  fullName: staffAccounts.fullName,
  createdAt: staffAccounts.createdAt,
  passwordChangedAt: staffAccounts.passwordChangedAt,
  lastSignInAt: staffAccounts.lastSignInAt,
};

/** A problem with what the person typed, worded so they can fix it. */
export class StaffAccountError extends Error {
  readonly kind: 'invalid' | 'exists' | 'not-found';
  constructor(message: string, kind: 'invalid' | 'exists' | 'not-found') {
    super(message);
    this.kind = kind;
  }
}

export const staffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid e-mail address, like name@example.com.' }).max(254));

export const staffPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, {
    error: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  })
  .max(MAX_PASSWORD_LENGTH, {
    error: `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
  });

export const staffNameSchema = z
  .string()
  .trim()
  .max(120, { error: 'The name must be at most 120 characters long.' });

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new StaffAccountError(result.error.issues.map((i) => i.message).join(' '), 'invalid');
  }
  return result.data;
}

/** E-mail addresses are compared without regard to case, as mail systems do. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function listStaffAccounts(db: ShopDb): StaffAccount[] {
  return db.select(accountColumns).from(staffAccounts).orderBy(asc(staffAccounts.email)).all();
}

export function countStaffAccounts(db: ShopDb): number {
  return db.select({ n: count() }).from(staffAccounts).get()?.n ?? 0;
}

export function findStaffAccountByEmail(db: ShopDb, email: string): StaffAccount | undefined {
  return db
    .select(accountColumns)
    .from(staffAccounts)
    .where(eq(staffAccounts.email, normalizeEmail(email)))
    .get();
}

export function findStaffAccountById(db: ShopDb, staffId: number): StaffAccount | undefined {
  if (!Number.isSafeInteger(staffId)) return undefined;
  return db.select(accountColumns).from(staffAccounts).where(eq(staffAccounts.staffId, staffId)).get();
}

/**
 * Creates an account. Without a password a random one-time password is generated, to be replaced at the first
 * sign-in; either way the password is answered once, so the caller can show it, and only its hash is kept.
 */
export async function createStaffAccount(
  db: ShopDb,
  input: { email: string; name?: string | undefined; password?: string | undefined },
): Promise<{ account: StaffAccount; password: string }> {
  const email = parse(staffEmailSchema, input.email);
  const fullName = parse(staffNameSchema, input.name ?? '');
  const password =
    input.password === undefined ? generatePassword() : parse(staffPasswordSchema, input.password);
  if (findStaffAccountByEmail(db, email)) {
    throw new StaffAccountError(`A staff account for ${email} already exists.`, 'exists');
  }
  const passwordHash = await hashPassword(password);
  try {
    const account = db
      .insert(staffAccounts)
      .values({
        email,
        fullName,
        passwordHash,
        passwordChangedAt: input.password === undefined ? null : Date.now(),
      })
      .returning(accountColumns)
      .get();
    return { account, password };
  } catch (error) {
    // Two creations racing for one address: the unique index decides, the loser is told plainly.
    if (String((error as { code?: unknown }).code).startsWith('SQLITE_CONSTRAINT')) {
      throw new StaffAccountError(`A staff account for ${email} already exists.`, 'exists');
    }
    throw error;
  }
}

export function removeStaffAccount(db: ShopDb, email: string): StaffAccount {
  const account = findStaffAccountByEmail(db, email);
  if (!account)
    throw new StaffAccountError(`There is no staff account for ${normalizeEmail(email)}.`, 'not-found');
  db.delete(staffAccounts).where(eq(staffAccounts.staffId, account.staffId)).run();
  return account;
}

export async function resetStaffPassword(
  db: ShopDb,
  email: string,
  newPassword?: string,
): Promise<{ account: StaffAccount; password: string }> {
  const account = findStaffAccountByEmail(db, email);
  if (!account)
    throw new StaffAccountError(`There is no staff account for ${normalizeEmail(email)}.`, 'not-found');
  const password = newPassword === undefined ? generatePassword() : parse(staffPasswordSchema, newPassword);
  const passwordHash = await hashPassword(password);
  const passwordChangedAt = newPassword === undefined ? null : Date.now();
  db.update(staffAccounts)
    .set({ passwordHash, passwordChangedAt })
    .where(eq(staffAccounts.staffId, account.staffId))
    .run();
  return { account: { ...account, passwordChangedAt }, password };
}

/**
 * Settles when the sign-in may write: the server waits while a long write holds its connection in one
 * transaction (serverConnectionReleased), which a write made meanwhile would be part of; the tools write at once.
 */
export type BeforeWrite = () => Promise<void>;
const nothingToWaitFor: BeforeWrite = () => Promise.resolve();

/**
 * Checks a sign-in. An unknown e-mail costs the same hash as a wrong password, so the time taken does not
 * tell which accounts exist. Answers the account only when the password matches.
 */
export async function checkStaffPassword(
  db: ShopDb,
  email: string,
  password: string,
  beforeWrite: BeforeWrite = nothingToWaitFor,
): Promise<StaffAccount | null> {
  const normalized = normalizeEmail(email);
  const row = normalized
    ? db
        .select({ ...accountColumns, passwordHash: staffAccounts.passwordHash })
        .from(staffAccounts)
        .where(eq(staffAccounts.email, normalized))
        .get()
    : undefined;
  const bounded = password.slice(0, MAX_PASSWORD_LENGTH * 4);
  if (!row) {
    await verifyPassword(bounded, await decoyHash());
    return null;
  }
  if (!(await verifyPassword(bounded, row.passwordHash))) return null;
  const { passwordHash: stored, ...account } = row;
  await beforeWrite();
  const lastSignInAt = Date.now();
  db.update(staffAccounts).set({ lastSignInAt }).where(eq(staffAccounts.staffId, account.staffId)).run();
  if (needsRehash(stored)) {
    // The password is at hand only now: an older hash is made again with today's parameters, unless the
    // password was changed meanwhile.
    const passwordHash = await hashPassword(bounded);
    await beforeWrite();
    db.update(staffAccounts)
      .set({ passwordHash })
      .where(and(eq(staffAccounts.staffId, account.staffId), eq(staffAccounts.passwordHash, stored)))
      .run();
  }
  return { ...account, lastSignInAt };
}

/**
 * A signed-in person replaces a one-time password with their own. Refuses the same password again, so a
 * one-time password cannot simply be kept.
 */
export async function changeOwnPassword(
  db: ShopDb,
  staffId: number,
  input: { newPassword: string; confirmPassword: string },
  beforeWrite: BeforeWrite = nothingToWaitFor,
): Promise<StaffAccount> {
  const row = db
    .select({ ...accountColumns, passwordHash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(eq(staffAccounts.staffId, staffId))
    .get();
  if (!row) throw new StaffAccountError('This staff account no longer exists.', 'not-found');
  const password = parse(staffPasswordSchema, input.newPassword);
  if (input.newPassword !== input.confirmPassword) {
    throw new StaffAccountError('The two passwords do not match.', 'invalid');
  }
  if (await verifyPassword(password, row.passwordHash)) {
    throw new StaffAccountError('Choose a password different from the one-time password.', 'invalid');
  }
  const passwordHash = await hashPassword(password);
  await beforeWrite();
  const passwordChangedAt = Date.now();
  db.update(staffAccounts)
    .set({ passwordHash, passwordChangedAt })
    .where(eq(staffAccounts.staffId, staffId))
    .run();
  const { passwordHash: _hash, ...account } = row;
  return { ...account, passwordChangedAt };
}
