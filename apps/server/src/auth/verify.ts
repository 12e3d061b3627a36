import type { Caller, StaffIdentity } from '@nursery/api';
import type { IntegrationScope } from '@nursery/domain';
import { type JWTPayload, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';

/**
 * The embedded provider's access-token claim naming the grant (the sign-in) it was issued under: once the
 * grant ends (sign-out, password reset, account removed) the token is over, though its signature still holds.
 */
export const GRANT_CLAIM = 'gid';

/** What decides whether a valid token belongs to staff. */
export interface StaffPolicy {
  /** Lower-case e-mails; empty means "not used". */
  staffEmails: readonly string[];
  /** 'claimName:value', e.g. 'roles:staff' or 'https://shop.example/roles:staff' (split at the last colon). */
  staffRoleClaim: string | undefined;
  /**
   * For the embedded provider: the account behind a subject, or undefined when it no longer exists.
   * Without it (an external provider) only the allow-list or role claim can make someone staff.
   */
  embeddedAccount?: (subject: string) => { email: string; name: string } | undefined;
  /** For the embedded provider: whether the grant a token names still stands. */
  embeddedGrantActive?: (grantId: string) => boolean;
  /**
   * For the embedded provider: the integration client behind a client_credentials token, or undefined once
   * it is revoked (or never was one). Asked on every call, so a revoked client's tokens stop at once.
   */
  embeddedIntegration?: (clientId: string) => { name: string; scope: IntegrationScope } | undefined;
}

export interface TokenVerifierOptions extends StaffPolicy {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
  /** For external providers whose access tokens carry no e-mail: asks the provider's userinfo endpoint. */
  fetchProfile?: (token: string) => Promise<{ email?: string; name?: string } | undefined>;
}

export const CLOCK_TOLERANCE_SECONDS = 60;
const BEARER = /^Bearer\s+([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]*)\s*$/i;

function claimAt(payload: JWTPayload, name: string): unknown {
  if (name in payload) return payload[name];
  // Keycloak-style nested claims: realm_access.roles
  let node: unknown = payload;
  for (const part of name.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function hasRoleClaim(payload: JWTPayload, roleClaim: string): boolean {
  const split = roleClaim.lastIndexOf(':');
  if (split <= 0 || split === roleClaim.length - 1) return false;
  const name = roleClaim.slice(0, split);
  const wanted = roleClaim.slice(split + 1);
  const value = claimAt(payload, name);
  if (typeof value === 'string') return value === wanted || value.split(' ').includes(wanted);
  if (Array.isArray(value)) return value.includes(wanted);
  return value === true && wanted === 'true';
}

function reasonOf(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'token expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `token claim ${error.claim} is not valid`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'token algorithm not allowed';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'token signature does not verify';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'token signed by an unknown key';
  // Three dot-separated parts that are not base64url JSON (a made-up or truncated token, a copy with a piece
  // missing): say what a token must look like rather than the library's error code.
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid)
    return 'the token is not a JWT the shop can read: it must be three base64url parts (a JSON header, JSON claims and a signature) joined by dots, exactly as the token endpoint or the sign-in gave it';
  if (error instanceof joseErrors.JOSENotSupported)
    return "the token's header names an algorithm or key type the shop does not support (it signs with RS256)";
  if (error instanceof joseErrors.JOSEError) return 'the token could not be read as a signed JWT';
  return 'token could not be checked';
}

/**
 * Checks a bearer token the way DECISIONS.md says: RS256 only, the issuer's keys, issuer, audience, expiry
 * and not-before with 60 s leeway; then decides staff or not. Never throws: a bad token is a kind of caller.
 */
export function createTokenVerifier(
  options: TokenVerifierOptions,
): (authorization: string | undefined) => Promise<Caller> {
  return async (authorization) => {
    if (authorization === undefined || authorization.trim() === '') return { kind: 'anonymous' };
    const match = BEARER.exec(authorization);
    if (!match?.[1])
      return { kind: 'invalid-token', reason: 'the Authorization header is not a bearer token' };
    const token = match[1];
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, options.keys, {
        algorithms: ['RS256'],
        // Some providers (Auth0) write the issuer with a trailing slash, the configuration may not.
        issuer: [options.issuer.replace(/\/$/, ''), `${options.issuer.replace(/\/$/, '')}/`],
        audience: options.audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      return { kind: 'invalid-token', reason: reasonOf(error) };
    }
    const subject = payload.sub ?? '';
    // A client_credentials token names no person: its subject is the client itself.
    if (options.embeddedIntegration && subject !== '' && payload.client_id === subject) {
      const client = options.embeddedIntegration(subject);
      if (!client)
        return { kind: 'invalid-token', reason: 'the integration client behind this token was revoked' };
      return {
        kind: 'staff',
        identity: {
          subject,
          email: '',
          name: `${client.name} (integration)`,
          integration: { clientId: subject, scope: client.scope },
        },
      };
    }
    let email = typeof payload.email === 'string' ? payload.email : '';
    let name = typeof payload.name === 'string' ? payload.name : '';
    let embedded: { email: string; name: string } | undefined;
    if (options.embeddedAccount) {
      embedded = options.embeddedAccount(subject);
      // A removed account's token is genuine but no longer belongs to staff.
      if (!embedded) return { kind: 'not-staff', identity: { subject, email, name: name || email } };
      // Signed out, or the password was reset after a leak: the sign-in behind the token is over.
      const grantId = payload[GRANT_CLAIM];
      if (
        options.embeddedGrantActive &&
        (typeof grantId !== 'string' || !options.embeddedGrantActive(grantId))
      )
        return { kind: 'invalid-token', reason: 'the sign-in behind this token has ended' };
      ({ email, name } = embedded);
    } else if (!email && options.fetchProfile && options.staffEmails.length > 0) {
      const profile = await options.fetchProfile(token).catch(() => undefined);
      email = profile?.email ?? '';
      name ||= profile?.name ?? '';
    }
    const identity: StaffIdentity = { subject, email, name: name || email || subject };
    const emailTrusted = payload.email_verified !== false;
    const byList =
      options.staffEmails.length > 0 &&
      emailTrusted &&
      email !== '' &&
      options.staffEmails.includes(email.toLowerCase());
    const byRole = options.staffRoleClaim !== undefined && hasRoleClaim(payload, options.staffRoleClaim);
    const byAccount =
      embedded !== undefined && options.staffEmails.length === 0 && options.staffRoleClaim === undefined;
    return byList || byRole || byAccount ? { kind: 'staff', identity } : { kind: 'not-staff', identity };
  };
}
