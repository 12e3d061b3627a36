import type { ShopLogger } from '@nursery/api';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

const discoverySchema = z.looseObject({
  issuer: z.string(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
});

type Discovery = z.infer<typeof discoverySchema>;

const TIMEOUT_MS = 10_000;
const PROFILE_CACHE_MAX = 500;

/**
 * An external OpenID provider (Auth0, Keycloak, Entra ID, Google...): its discovery document is read on
 * the first token, not at start, so the shop still starts while the provider is unreachable.
 */
export function externalProvider(issuer: string, log: ShopLogger) {
  let discovery: Promise<Discovery> | null = null;
  let jwks: JWTVerifyGetKey | null = null;

  function discover(): Promise<Discovery> {
    discovery ??= (async () => {
      const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const document = discoverySchema.parse(await response.json());
      if (document.issuer.replace(/\/$/, '') !== issuer.replace(/\/$/, '')) {
        throw new Error(`${url} names issuer ${document.issuer}, not ${issuer}`);
      }
      return document;
    })().catch((error: unknown) => {
      // Try again on the next token instead of remembering the failure for ever.
      discovery = null;
      log.error({ err: error }, 'could not read the OpenID provider discovery document');
      throw error;
    });
    return discovery;
  }

  const keys: JWTVerifyGetKey = async (header, token) => {
    if (!jwks) {
      const document = await discover();
      jwks ??= createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: TIMEOUT_MS });
    }
    return jwks(header, token);
  };

  const profiles = new Map<string, { email?: string; name?: string }>();
  async function fetchProfile(token: string): Promise<{ email?: string; name?: string } | undefined> {
    const cached = profiles.get(token);
    if (cached) return cached;
    const document = await discover();
    if (!document.userinfo_endpoint) return undefined;
    const response = await fetch(document.userinfo_endpoint, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    const body = z
      .looseObject({
        email: z.string().optional(),
        name: z.string().optional(),
        email_verified: z.boolean().optional(),
      })
      .parse(await response.json());
    const profile: { email?: string; name?: string } = {};
    if (body.name !== undefined && (body.email_verified !== false || body.name)) profile.name = body.name;
    // An address the provider has not verified proves nothing about who signed in.
    if (body.email !== undefined && body.email_verified !== false) profile.email = body.email;
    if (profiles.size >= PROFILE_CACHE_MAX) profiles.clear();
    profiles.set(token, profile);
    return profile;
  }

  return { keys, fetchProfile };
}
