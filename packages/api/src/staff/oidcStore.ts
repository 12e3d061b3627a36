import { oidcPayloads, type ShopDb } from '@nursery/db';
import { and, eq, isNotNull, lt } from 'drizzle-orm';

/** One stored item of the embedded OpenID provider (session, grant, code, token...), as plain JSON. */
export type OidcPayload = Record<string, unknown>;

type Row = { payload: string; expiresAt: number | null; consumedAt: number | null };

function read(row: Row | undefined): OidcPayload | undefined {
  if (!row) return undefined;
  if (row.expiresAt !== null && row.expiresAt <= Date.now()) return undefined;
  const payload = JSON.parse(row.payload) as OidcPayload;
  if (row.consumedAt !== null) payload.consumed = Math.floor(row.consumedAt / 1000);
  return payload;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Keeps the embedded provider's sessions, grants, codes and tokens in the shop's database, so a restart or a
 * deploy does not sign staff out. One row per (kind, id); expired rows read as missing and are swept.
 */
export class OidcPayloadStore {
  private readonly db: ShopDb;
  private readonly kind: string;
  constructor(db: ShopDb, kind: string) {
    this.db = db;
    this.kind = kind;
  }

  private where(id: string) {
    return and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id));
  }

  upsert(id: string, payload: OidcPayload, expiresInSeconds?: number): void {
    const values = {
      id,
      kind: this.kind,
      payload: JSON.stringify(payload),
      grantId: text(payload.grantId),
      userCode: text(payload.userCode),
      uid: text(payload.uid),
      expiresAt: expiresInSeconds ? Date.now() + expiresInSeconds * 1000 : null,
    };
    this.db
      .insert(oidcPayloads)
      .values(values)
      .onConflictDoUpdate({
        target: [oidcPayloads.kind, oidcPayloads.id],
        set: { ...values, consumedAt: null },
      })
      .run();
  }

  find(id: string): OidcPayload | undefined {
    return read(this.db.select().from(oidcPayloads).where(this.where(id)).get());
  }

  findByUserCode(userCode: string): OidcPayload | undefined {
    return read(
      this.db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.userCode, userCode)))
        .get(),
    );
  }

  findByUid(uid: string): OidcPayload | undefined {
    return read(
      this.db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.uid, uid)))
        .get(),
    );
  }

  consume(id: string): void {
    this.db.update(oidcPayloads).set({ consumedAt: Date.now() }).where(this.where(id)).run();
  }

  destroy(id: string): void {
    this.db.delete(oidcPayloads).where(this.where(id)).run();
  }

  /**
   * A revoked grant takes this kind's tokens or codes issued under it; oidc-provider asks each token kind in
   * turn. Never wider: a sign-in in progress also names the grant it may replace, and a sign-in as another
   * person ends the first person's session (revoking its grant) before it carries on with that interaction.
   */
  revokeByGrantId(grantId: string): void {
    this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.grantId, grantId)))
      .run();
  }
}

/** Deletes rows past their expiry; run now and then so the table does not grow without end. */
export function sweepExpiredOidcPayloads(db: ShopDb, now = Date.now()): number {
  return db
    .delete(oidcPayloads)
    .where(and(isNotNull(oidcPayloads.expiresAt), lt(oidcPayloads.expiresAt, now)))
    .run().changes;
}

/** Ends every session and token of one account, e.g. when it is removed or its password is reset. */
export function revokeOidcPayloadsOfAccount(db: ShopDb, accountId: string): number {
  let removed = 0;
  for (const row of db
    .select({ kind: oidcPayloads.kind, id: oidcPayloads.id, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .all()) {
    const payload = JSON.parse(row.payload) as OidcPayload;
    if (payload.accountId === accountId) {
      db.delete(oidcPayloads)
        .where(and(eq(oidcPayloads.kind, row.kind), eq(oidcPayloads.id, row.id)))
        .run();
      removed++;
    }
  }
  return removed;
}

/**
 * Whether a grant of the embedded provider still stands. Its access tokens name their grant, and signing out,
 * `pnpm staff reset-password` and `pnpm staff remove` end it, so a token taken before stops working at once
 * instead of for the rest of its hour.
 */
export function oidcGrantActive(db: ShopDb, grantId: string): boolean {
  return new OidcPayloadStore(db, 'Grant').find(grantId) !== undefined;
}
