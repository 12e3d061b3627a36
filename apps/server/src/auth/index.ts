import type { Caller, Shop } from '@nursery/api';
import { findActiveIntegrationClient } from '@nursery/api/integrations';
import {
  countStaffAccounts,
  createStaffAccount,
  findStaffAccountById,
  oidcGrantActive,
} from '@nursery/api/staff';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import { externalProvider } from './external.ts';
import { loadOrCreateProviderKeys, publicJwks } from './keys.ts';
import { mountEmbeddedProvider, staffIdOfSubject } from './provider.ts';
import type { SignInLimiter, SignInLimits } from './signInLimiter.ts';
import { createTokenVerifier } from './verify.ts';

export interface Auth {
  /** Decides who is calling from the Authorization header; never throws. */
  resolveCaller(authorization: string | undefined): Promise<Caller>;
  /** The embedded provider's sign-in limiter (null with an external provider). */
  signInLimiter: SignInLimiter | null;
}

export interface AuthOptions {
  signInLimits?: SignInLimits;
  /** Where the first start prints the owner's one-time password (standard output unless told otherwise). */
  announce?: (text: string) => void;
}

/** Mounts sign-in (the embedded OpenID provider when no external issuer is configured) and returns the token check. */
export async function registerAuth(
  app: FastifyInstance,
  shop: Shop,
  options: AuthOptions = {},
): Promise<Auth> {
  const { oidc } = shop.config;
  const policy = { staffEmails: oidc.staffEmails, staffRoleClaim: oidc.staffRoleClaim };

  if (!oidc.embedded) {
    if (policy.staffEmails.length === 0 && policy.staffRoleClaim === undefined) {
      shop.log.warn(
        'OIDC_ISSUER is set but neither STAFF_EMAILS nor STAFF_ROLE_CLAIM: nobody can use the admin area until one is set',
      );
    }
    const external = externalProvider(oidc.issuer, shop.log);
    const resolveCaller = createTokenVerifier({
      ...policy,
      issuer: oidc.issuer,
      audience: oidc.audience,
      keys: external.keys,
      fetchProfile: external.fetchProfile,
    });
    return { resolveCaller, signInLimiter: null };
  }

  const keys = await loadOrCreateProviderKeys(shop.config.dataDir);
  const { limiter } = await mountEmbeddedProvider(app, shop, keys, {
    ...(options.signInLimits ? { limits: options.signInLimits } : {}),
  });
  await createFirstAccount(shop, options.announce);

  const resolveCaller = createTokenVerifier({
    ...policy,
    issuer: oidc.issuer,
    audience: oidc.audience,
    keys: createLocalJWKSet(publicJwks(keys)),
    embeddedAccount(subject) {
      const staffId = staffIdOfSubject(subject);
      const account = staffId === null ? undefined : findStaffAccountById(shop.db, staffId);
      return account ? { email: account.email, name: account.fullName || account.email } : undefined;
    },
    embeddedGrantActive: (grantId) => oidcGrantActive(shop.db, grantId),
    embeddedIntegration: (clientId) => findActiveIntegrationClient(shop.db, clientId),
  });
  return { resolveCaller, signInLimiter: limiter };
}

/**
 * A fresh shop has nobody who could sign in: create the owner's account and show its password once.
 * Only its hash is kept, so a lost password is reset with `pnpm staff reset-password`.
 */
async function createFirstAccount(shop: Shop, announce?: (text: string) => void): Promise<void> {
  if (countStaffAccounts(shop.db) > 0) return;
  const email = shop.config.mail.ownerEmail;
  const { account, password } = await createStaffAccount(shop.db, { email, name: 'Owner' });
  shop.log.warn(
    { email: account.email },
    'created the first staff account; its one-time password is printed once',
  );
  if (shop.config.logLevel === 'silent' && !announce) return;
  const lines = [
    '',
    '  First start: a staff account was created for the admin area.',
    `    Sign in at ${shop.config.publicUrl}/Admin/Login`,
    `    E-mail:             ${account.email}`,
    `    One-time password:  ${password}`,
    '  This one-time password is shown only now; you choose your own when you first sign in.',
    `  Lost it? Make a new one with: pnpm staff reset-password ${account.email}`,
    '',
  ];
  (announce ?? ((text: string) => process.stdout.write(text)))(`${lines.join('\n')}\n`);
}
