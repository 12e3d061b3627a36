import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';

export const OIDC_KEYS_FILE_NAME = 'oidc-keys.json';

/** The embedded provider's secrets: its RS256 signing key and the keys that sign its cookies. */
export interface ProviderKeys {
  signingKeys: JWK[];
  cookieKeys: string[];
}

const keysFileSchema = z.object({
  signingKeys: z
    .array(
      z.looseObject({
        kty: z.literal('RSA'),
        kid: z.string().min(1),
        d: z.string().min(1),
        n: z.string().min(1),
      }),
    )
    .min(1),
  cookieKeys: z.array(z.string().min(32)).min(1),
});

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

/**
 * Reads the keys from the data folder, creating them on the first start. They live beside the database so
 * that a restart (or a restored backup) keeps every issued token and session valid. The file is readable
 * by the shop's user only.
 */
export async function loadOrCreateProviderKeys(dataDir: string): Promise<ProviderKeys> {
  const file = path.join(dataDir, OIDC_KEYS_FILE_NAME);
  if (existsSync(file)) {
    const parsed = keysFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) {
      throw new Error(
        `${file} is damaged (${parsed.error.issues[0]?.message}); restore it from a backup or delete it`,
      );
    }
    return parsed.data as ProviderKeys;
  }
  const keys: ProviderKeys = {
    signingKeys: [await newSigningKey()],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
  return keys;
}

/** The public half of each signing key, as a JWKS document would show it. */
export function publicJwks(keys: ProviderKeys): { keys: JWK[] } {
  return {
    keys: keys.signingKeys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }) as JWK),
  };
}
