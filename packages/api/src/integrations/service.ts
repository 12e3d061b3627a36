import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { integrationClients, type ShopDb } from '@nursery/db';
import {
  type AddIntegrationClientInput,
  addIntegrationClientInputSchema,
  type IntegrationClient,
  type IntegrationScope,
  integrationClientIdSchema,
  type NewIntegrationClient,
} from '@nursery/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ShopError } from '../errors.ts';

const clientColumns = {
  clientId: integrationClients.clientId,
  name: integrationClients.name,
  scope: integrationClients.scope,
  createdAt: integrationClients.createdAt,
  createdBy: integrationClients.createdBy,
  lastTokenAt: integrationClients.lastTokenAt,
  revokedAt: integrationClients.revokedAt,
  revokedBy: integrationClients.revokedBy,
};

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A prefix and 20 random letters or digits: the ids the shop hands to programs (`int_`, `ep_`, `msg_`). */
export function newPrefixedId(prefix: string, length = 20): string {
  let id = prefix;
  for (let i = 0; i < length; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** `int_` and 20 letters or digits: told apart from a staff account's subject (digits) at a glance. */
function newClientId(): string {
  return newPrefixedId('int_');
}

/**
 * A secret is 32 random bytes, not something a person chose: nothing can guess it, so one SHA-256 is
 * enough to keep a stolen database from handing it out, and checking it costs nothing per token request
 * (a slow password hash there would let anyone with a client id spend the server's CPU).
 */
export function hashIntegrationSecret(secret: string): string {
  return `sha256$${createHash('sha256').update(secret, 'utf8').digest('base64url')}`;
}

/** Compares in constant time; a malformed stored hash never matches. */
export function integrationSecretMatches(storedHash: string, presented: string): boolean {
  if (!storedHash.startsWith('sha256$')) return false;
  const expected = Buffer.from(storedHash);
  const actual = Buffer.from(hashIntegrationSecret(presented));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The command line calls these directly, so they check their own input (the messages are whole sentences). */
function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ShopError({
      kind: 'bad_request',
      message: result.error.issues.map((i) => i.message).join(' '),
    });
  }
  return result.data;
}

/** Creates a client and answers its secret, once: only a hash of it is kept. */
export function createIntegrationClient(
  db: ShopDb,
  input: AddIntegrationClientInput | { name: unknown; scope: unknown },
  createdBy: string,
): NewIntegrationClient {
  const { name, scope } = parse(addIntegrationClientInputSchema, input);
  const clientSecret = randomBytes(32).toString('base64url');
  const client = db
    .insert(integrationClients)
    .values({
      clientId: newClientId(),
      name,
      scope,
      secretHash: hashIntegrationSecret(clientSecret),
      createdBy,
    })
    .returning(clientColumns)
    .get();
  return { client, clientSecret };
}

/** Every client, working ones first, then the revoked (kept: changes they made still name them). */
export function listIntegrationClients(db: ShopDb): IntegrationClient[] {
  const rows = db
    .select(clientColumns)
    .from(integrationClients)
    .orderBy(asc(integrationClients.createdAt))
    .all();
  return [...rows.filter((r) => r.revokedAt === null), ...rows.filter((r) => r.revokedAt !== null)];
}

/**
 * Revokes a client: it can get no new token, and the tokens it holds are refused from the next call on,
 * because every call checks the client is still here (see the server's token check). Revoking twice is
 * harmless and answers the client as it is.
 */
export function revokeIntegrationClient(db: ShopDb, clientId: string, revokedBy: string): IntegrationClient {
  const id = parse(integrationClientIdSchema, clientId);
  const existing = db
    .select(clientColumns)
    .from(integrationClients)
    .where(eq(integrationClients.clientId, id))
    .get();
  if (!existing) {
    throw new ShopError({ kind: 'not_found', message: `There is no integration client ${id}.` });
  }
  if (existing.revokedAt !== null) return existing;
  return (
    db
      .update(integrationClients)
      .set({ revokedAt: Date.now(), revokedBy })
      .where(and(eq(integrationClients.clientId, id), isNull(integrationClients.revokedAt)))
      .returning(clientColumns)
      .get() ?? existing
  );
}

/** A client that still works (not revoked), with what the token endpoint and the token check need. */
export interface ActiveIntegrationClient {
  clientId: string;
  name: string;
  scope: IntegrationScope;
  secretHash: string;
}

export function findActiveIntegrationClient(
  db: ShopDb,
  clientId: string,
): ActiveIntegrationClient | undefined {
  if (!integrationClientIdSchema.safeParse(clientId).success) return undefined;
  return db
    .select({
      clientId: integrationClients.clientId,
      name: integrationClients.name,
      scope: integrationClients.scope,
      secretHash: integrationClients.secretHash,
    })
    .from(integrationClients)
    .where(and(eq(integrationClients.clientId, clientId), isNull(integrationClients.revokedAt)))
    .get();
}

/** Shown in the list, so staff can tell a client still in use from a forgotten one before revoking it. */
export function noteIntegrationToken(db: ShopDb, clientId: string): void {
  db.update(integrationClients)
    .set({ lastTokenAt: Date.now() })
    .where(eq(integrationClients.clientId, clientId))
    .run();
}
