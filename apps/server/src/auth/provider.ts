import type { IncomingMessage } from 'node:http';
import { type Shop, serverConnectionHeld, serverConnectionReleased } from '@nursery/api';
import {
  findActiveIntegrationClient,
  integrationSecretMatches,
  noteIntegrationToken,
} from '@nursery/api/integrations';
import {
  changeOwnPassword,
  checkStaffPassword,
  findStaffAccountById,
  MIN_PASSWORD_LENGTH,
  mustChangePassword,
  StaffAccountError,
  sweepExpiredOidcPayloads,
} from '@nursery/api/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC, errors as ProviderErrors } from 'oidc-provider';
import { z } from 'zod';
import { DatabaseAdapter, IntegrationClientAdapter } from './adapter.ts';
import type { ProviderKeys } from './keys.ts';
import {
  changePasswordPage,
  errorPage,
  SIGN_OUT_SCRIPT,
  SIGN_OUT_SCRIPT_PATH,
  STYLESHEET,
  STYLESHEET_PATH,
  signedOutPage,
  signInPage,
  signOutPage,
} from './pages.ts';
import { SignInLimiter, type SignInLimits } from './signInLimiter.ts';
import { GRANT_CLAIM } from './verify.ts';

export const OIDC_MOUNT_PATH = '/oidc';

/** The same answer for an unknown e-mail and a wrong password, so the page cannot be used to find accounts. */
export const WRONG_SIGN_IN = 'Wrong e-mail or password.';
export const EXPIRED_SIGN_IN =
  'This sign-in page has expired or was already used. Go back to the admin area and sign in again.';

/** How long to wait, as a person reads it: the slow-down on a much-tried account asks for seconds, a lock-out for minutes. */
function waitText(waitMs: number): string {
  const [count, unit] =
    waitMs < 60_000
      ? [Math.max(1, Math.ceil(waitMs / 1000)), 'second']
      : [Math.ceil(waitMs / 60_000), 'minute'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

export function tooManySignIns(waitMs: number): string {
  return `Too many sign-in attempts. Please wait ${waitText(waitMs)} and try again.`;
}

export function tooManyTokenRequests(waitMs: number): string {
  return `Too many failed token requests (a wrong client id or secret). Please wait ${waitText(waitMs)} and try again.`;
}

/**
 * The client id an integration presents with HTTP Basic (RFC 6749 2.3.1: form-encoded, then Base64), or null
 * when the request carries no Basic credentials, and so no secret to guess.
 */
function basicClientId(authorization: string | undefined): string | null {
  const match = /^basic\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const id = decoded.slice(0, Math.max(0, decoded.indexOf(':')));
  try {
    return decodeURIComponent(id.replace(/\+/g, ' '));
  } catch {
    return id;
  }
}

const ACCESS_TOKEN_SECONDS = 60 * 60;
const SESSION_SECONDS = 14 * 24 * 60 * 60;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

const PASSWORD_CHANGE_WINDOW_MS = 15 * 60_000;

const passwordForm = z.object({
  newPassword: z.string().max(1000).default(''),
  confirmPassword: z.string().max(1000).default(''),
});

const signInForm = z.object({
  email: z.string().max(320).default(''),
  password: z.string().max(1000).default(''),
});

function accountIdOf(staffId: number): string {
  return String(staffId);
}

/** The embedded provider's subject is the staff id; anything else is not one of its accounts. */
export function staffIdOfSubject(subject: string): number | null {
  return /^[1-9]\d{0,15}$/.test(subject) ? Number(subject) : null;
}

export interface EmbeddedProvider {
  limiter: SignInLimiter;
}

/**
 * Mounts panva's oidc-provider at /oidc on the shop's own server: discovery, authorization (with PKCE),
 * token, JWKS, userinfo and end-session, plus the sign-in page, which the shop renders itself.
 */
export async function mountEmbeddedProvider(
  app: FastifyInstance,
  shop: Shop,
  keys: ProviderKeys,
  options: { limits?: SignInLimits } = {},
): Promise<EmbeddedProvider> {
  const { config, db } = shop;
  const { publicUrl, oidc } = config;
  const shopName = config.shop.name;
  const homeUrl = `${publicUrl}/`;
  // Where the admin app may run: the shop's own address, plus Vite's dev server only when `pnpm dev` says so
  // (DEV_APP_ORIGINS): it serves the app on :5173 and proxies the API to the shop.
  const appOrigins = [new URL(publicUrl).origin, ...oidc.devAppOrigins];

  // The provider's own pages: no script at all. Chromium applies form-action to the redirects that follow a
  // form, and signing in or out ends in a redirect to the admin app, so every origin the client may return to
  // is allowed, not only the provider's own (else `pnpm dev` on :5173 could not sign in).
  const formAction = ["'self'", ...appOrigins.filter((origin) => origin !== new URL(publicUrl).origin)];
  const pagePolicy = `default-src 'none'; style-src 'self'; form-action ${formAction.join(' ')}; frame-ancestors 'none'; base-uri 'none'`;

  /**
   * A client's token reads or writes as staff set it when they made the client; the `scope` a program may send
   * (the OpenAPI document names `read` and `write`) can only ask for that or less. Anything else is refused
   * with invalid_scope and words saying so, rather than a token quietly without what was asked for.
   */
  const refuseScopesBeyondClient = (
    ctx: KoaContextWithOIDC,
    clientId: string | undefined,
    errors: typeof ProviderErrors,
  ) => {
    const asked = String(ctx.oidc.params?.scope ?? '')
      .split(' ')
      .filter((word) => word !== '');
    if (asked.length === 0 || !clientId) return;
    const granted = findActiveIntegrationClient(db, clientId)?.scope;
    const allowed = new Set(granted === 'write' ? ['read', 'write'] : granted === 'read' ? ['read'] : []);
    const refused = asked.find((word) => !allowed.has(word));
    if (refused === undefined) return;
    throw new errors.InvalidScope(
      `This client's scope is '${granted ?? 'none'}', set by staff when they made it: ask for ${[...allowed].map((word) => `'${word}'`).join(' or ')} or leave scope out.`,
      refused,
    );
  };

  const configure = (errors: typeof ProviderErrors): Configuration => ({
    // Clients other than the admin app are the integration clients staff made (client_credentials only).
    adapter: (name: string) =>
      name === 'Client' ? new IntegrationClientAdapter(db) : new DatabaseAdapter(shop, name),
    clients: [
      {
        client_id: oidc.clientId,
        client_name: shopName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: appOrigins.map((origin) => `${origin}/Admin`),
        post_logout_redirect_uris: appOrigins.flatMap((origin) => [`${origin}/Admin/Logout`, `${origin}/`]),
      },
    ],
    jwks: { keys: keys.signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: keys.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
      names: { session: '_shop_session', interaction: '_shop_interaction', resume: '_shop_resume' },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'updated_at'],
    },
    // The browser reads the name and e-mail from the ID token; it does not call userinfo.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const staffId = staffIdOfSubject(sub);
      const account = staffId === null ? undefined : findStaffAccountById(db, staffId);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: true,
            name: account.fullName || account.email,
            updated_at: Math.floor((account.passwordChangedAt ?? account.createdAt) / 1000),
          };
        },
      };
    },
    async extraTokenClaims(ctx, token) {
      if (token.kind === 'ClientCredentials') {
        refuseScopesBeyondClient(ctx, token.clientId, errors);
        if (token.clientId) noteIntegrationToken(db, token.clientId);
        return undefined;
      }
      // Access tokens carry who the caller is, so the API never needs a second lookup at the provider.
      if (!token.accountId) return undefined;
      const staffId = staffIdOfSubject(token.accountId);
      const account = staffId === null ? undefined : findStaffAccountById(db, staffId);
      if (!account) return undefined;
      return {
        email: account.email,
        name: account.fullName || account.email,
        ...(token.grantId ? { [GRANT_CLAIM]: token.grantId } : {}),
      };
    },
    features: {
      devInteractions: { enabled: false },
      // Integration clients (programs staff made) get tokens without a browser: POST /oidc/token with
      // grant_type=client_credentials and HTTP Basic client_id:client_secret.
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // A client that names no resource still gets a token for the shop's API.
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? oidc.audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== oidc.audience) throw new errors.InvalidTarget();
          return {
            scope: 'openid email profile',
            audience: oidc.audience,
            accessTokenTTL: ACCESS_TOKEN_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          // Only this page runs a script: the shop's own file that submits the sign-out form on load.
          ctx.set('content-security-policy', `${pagePolicy}; script-src 'self'`);
          ctx.body = signOutPage({ shopName, form, homeUrl: `${publicUrl}/Admin/Products` });
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = signedOutPage({ shopName, homeUrl });
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT_PATH}/interaction/${interaction.uid}` },
    // The shop's own admin app is the only client: signing in is consent enough, so no consent screen.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      grant.addResourceScope(oidc.audience, 'openid email profile');
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    async renderError(ctx, out) {
      ctx.type = 'html';
      const message =
        out.error === 'invalid_request' ||
        out.error === 'invalid_client' ||
        out.error === 'invalid_redirect_uri'
          ? `The sign-in request was not valid (${String(out.error_description ?? out.error)}).`
          : String(out.error_description ?? 'Something went wrong while signing in.');
      ctx.body = errorPage({ shopName, message, homeUrl });
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      // An integration asks for a new token when its hour is up; no refresh token, nothing to keep.
      ClientCredentials: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_SECONDS,
      Interaction: 60 * 60,
      Session: SESSION_SECONDS,
      Grant: SESSION_SECONDS,
    },
    // The admin app calls the token endpoint from the shop's own origin (browsers send Origin on a POST).
    clientBasedCORS: (_ctx, origin) => appOrigins.includes(origin),
  });

  // oidc-provider (with koa, jose and the rest: about 28 MB of memory and a tenth of the start) loads with the
  // first request to /oidc, not at start: customers never sign in, and most hours nobody does.
  let loading: Promise<{ provider: Provider; callback: ReturnType<Provider['callback']> }> | null = null;
  const started = () => {
    loading ??= (async () => {
      const { default: OidcProvider, errors } = await import('oidc-provider');
      const provider = new OidcProvider(oidc.issuer, configure(errors));
      // The provider reads the client and the shop's address from the headers that asSeenByProvider wrote
      // itself, never from what a client sent.
      provider.proxy = true;
      // Integration clients' secrets are kept hashed (IntegrationClientAdapter hands the hash over as
      // client_secret): compare the hash of what was presented, in constant time.
      provider.Client.prototype.compareClientSecret = function compareHashedSecret(actual: string) {
        return integrationSecretMatches(this.clientSecret ?? '', actual);
      };
      provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => {
        shop.log.error({ err: error }, 'sign-in provider error');
      });
      return { provider, callback: provider.callback() };
    })().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };

  /**
   * The provider (koa underneath) builds its discovery document, redirects and cookies from the request's
   * headers and takes the client address from X-Forwarded-For. Both are said here, once, from what the shop
   * already decided: the address is Fastify's request.ip (TRUST_PROXY's hops or proxy list, the same one
   * every limiter counts) and the shop's address is PUBLIC_URL, so neither a forged X-Forwarded-For nor a
   * Host or X-Forwarded-Host header can change who the client is or where the issuer's endpoints point.
   */
  const publicAddress = new URL(publicUrl);
  const asSeenByProvider = async (request: FastifyRequest) => {
    const headers = request.raw.headers;
    headers['x-forwarded-for'] = request.ip;
    headers.host = publicAddress.host;
    headers['x-forwarded-proto'] = publicAddress.protocol.replace(/:$/, '');
    delete headers['x-forwarded-host'];
    delete headers['x-forwarded-port'];
    delete headers.forwarded;
  };

  const limiter = new SignInLimiter(options.limits);
  /**
   * The token endpoint's client secrets are guessed as passwords are: the same limits, counted per client id
   * (the "account"), per address and per both, with Retry-After. Only a request that presents a secret (HTTP
   * Basic, the one method integration clients have) is counted, and only a 401 stays counted as a failure.
   */
  const tokenLimiter = new SignInLimiter(options.limits);
  // Interactions whose person proved a one-time password and now must choose their own (uid -> account).
  const passwordChanges = new Map<string, { staffId: number; email: string; until: number }>();

  // Sign-ins write once a new season or a catalogue sheet no longer holds the connection (DatabaseAdapter).
  const connectionFree = () => serverConnectionReleased(shop);
  sweepExpiredOidcPayloads(db);
  // Not while a long write holds the connection: the sweep would be part of its transaction.
  const sweeper = setInterval(() => {
    if (serverConnectionHeld(shop) === null) sweepExpiredOidcPayloads(db);
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  // Everything under /oidc that the shop does not render itself goes to the provider untouched:
  // its own body parsing, cookies and redirects.
  // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin (register's documented form); the rule reads its callback overload
  await app.register(async (scope) => {
    scope.addHook('onRequest', asSeenByProvider);
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handToProvider = async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.raw.url ?? '/';
      const clientId =
        request.method === 'POST' && url.split('?')[0] === `${OIDC_MOUNT_PATH}/token`
          ? basicClientId(request.headers.authorization)
          : null;
      const reserved = clientId === null ? null : tokenLimiter.reserve(request.ip, clientId);
      const attempt = reserved?.attempt ?? null;
      if (reserved && !attempt) {
        return reply
          .status(429)
          .header('retry-after', String(Math.max(1, Math.ceil(reserved.wait / 1000))))
          .header('cache-control', 'no-store')
          .send({ error: 'too_many_requests', error_description: tooManyTokenRequests(reserved.wait) });
      }
      const { callback } = await started();
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = url;
      raw.url = url.slice(OIDC_MOUNT_PATH.length) || '/';
      await callback(raw, reply.raw);
      // A wrong id or secret is a 401 invalid_client; anything else presented a secret that was not the problem.
      if (attempt && reply.raw.statusCode !== 401) attempt.succeeded();
    };
    const methods = ['GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'DELETE'] as const;
    scope.route({ method: [...methods], url: OIDC_MOUNT_PATH, handler: handToProvider });
    scope.route({ method: [...methods], url: `${OIDC_MOUNT_PATH}/*`, handler: handToProvider });
  });

  // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin (register's documented form); the rule reads its callback overload
  await app.register(async (scope) => {
    scope.addHook('onRequest', asSeenByProvider);
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'DENY')
        .header('content-security-policy', pagePolicy)
        .send(body);

    scope.get(SIGN_OUT_SCRIPT_PATH, async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(SIGN_OUT_SCRIPT),
    );

    scope.get(STYLESHEET_PATH, async (_request, reply) =>
      reply
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(STYLESHEET),
    );

    const uidParams = z.object({ uid: z.string().min(1).max(100) });
    const expired = (reply: FastifyReply) =>
      html(reply, 400, errorPage({ shopName, message: EXPIRED_SIGN_IN, homeUrl }));

    /**
     * The sign-in in progress named by the address, or null when the link is mangled (an id too long to be
     * one) or the interaction is gone: to the visitor both are an expired sign-in, not a server error.
     */
    const openInteraction = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = uidParams.safeParse(request.params);
      if (!params.success) return null;
      const { provider } = await started();
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return { uid: params.data.uid, details, provider };
      } catch {
        return null;
      }
    };

    scope.get(`${OIDC_MOUNT_PATH}/interaction/:uid`, async (request, reply) => {
      const interaction = await openInteraction(request, reply);
      if (!interaction) return expired(reply);
      const { uid, details, provider } = interaction;
      if (details.uid !== uid) return expired(reply);
      if (details.prompt.name === 'login') {
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
        return html(
          reply,
          200,
          signInPage({
            shopName,
            action: `${OIDC_MOUNT_PATH}/interaction/${uid}/login`,
            email: hint,
            homeUrl,
          }),
        );
      }
      // Any other prompt (consent) is answered for the shop's own client: grant what it asked for.
      const grant = await loadOrCreateGrant(provider, details, oidc.audience);
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { consent: { grantId: grant } },
        {
          mergeWithLastSubmission: true,
        },
      );
    });

    scope.post(`${OIDC_MOUNT_PATH}/interaction/:uid/login`, async (request, reply) => {
      const interaction = await openInteraction(request, reply);
      if (!interaction) return expired(reply);
      const { uid, details, provider } = interaction;
      if (details.uid !== uid || details.prompt.name !== 'login') {
        return reply.redirect(`${OIDC_MOUNT_PATH}/interaction/${details.uid}`, 303);
      }
      const parsed = signInForm.safeParse(request.body ?? {});
      const form = parsed.success ? parsed.data : { email: '', password: '' };
      const email = form.email.trim();
      const action = `${OIDC_MOUNT_PATH}/interaction/${uid}/login`;
      const reserved = limiter.reserve(request.ip, email);
      if (!reserved.attempt) {
        reply.header('retry-after', String(Math.ceil(reserved.wait / 1000)));
        return html(
          reply,
          429,
          signInPage({ shopName, action, email, error: tooManySignIns(reserved.wait), homeUrl }),
        );
      }
      const account =
        email && form.password ? await checkStaffPassword(db, email, form.password, connectionFree) : null;
      if (!account) {
        return html(reply, 401, signInPage({ shopName, action, email, error: WRONG_SIGN_IN, homeUrl }));
      }
      reserved.attempt.succeeded();
      if (mustChangePassword(account)) {
        for (const [key, pending] of passwordChanges)
          if (pending.until < Date.now()) passwordChanges.delete(key);
        passwordChanges.set(uid, {
          staffId: account.staffId,
          email: account.email,
          until: Date.now() + PASSWORD_CHANGE_WINDOW_MS,
        });
        return html(
          reply,
          200,
          changePasswordPage({
            shopName,
            action: `${OIDC_MOUNT_PATH}/interaction/${uid}/password`,
            email: account.email,
            minLength: MIN_PASSWORD_LENGTH,
            homeUrl,
          }),
        );
      }
      shop.log.info({ staffId: account.staffId }, 'staff signed in');
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: accountIdOf(account.staffId), remember: true } },
        { mergeWithLastSubmission: false },
      );
    });

    scope.post(`${OIDC_MOUNT_PATH}/interaction/:uid/password`, async (request, reply) => {
      const interaction = await openInteraction(request, reply);
      if (!interaction) return expired(reply);
      const { uid, details, provider } = interaction;
      const pending = passwordChanges.get(uid);
      if (!pending || pending.until < Date.now() || details.uid !== uid) {
        passwordChanges.delete(uid);
        return expired(reply);
      }
      const parsed = passwordForm.safeParse(request.body ?? {});
      const form = parsed.success ? parsed.data : { newPassword: '', confirmPassword: '' };
      try {
        await changeOwnPassword(db, pending.staffId, form, connectionFree);
      } catch (error) {
        if (!(error instanceof StaffAccountError)) throw error;
        return html(
          reply,
          400,
          changePasswordPage({
            shopName,
            action: `${OIDC_MOUNT_PATH}/interaction/${uid}/password`,
            email: pending.email,
            minLength: MIN_PASSWORD_LENGTH,
            error: error.message,
            homeUrl,
          }),
        );
      }
      passwordChanges.delete(uid);
      shop.log.info({ staffId: pending.staffId }, 'staff chose a new password and signed in');
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: accountIdOf(pending.staffId), remember: true } },
        { mergeWithLastSubmission: false },
      );
    });
  });

  return { limiter };
}

async function loadOrCreateGrant(
  provider: Provider,
  details: Awaited<ReturnType<Provider['interactionDetails']>>,
  audience: string,
): Promise<string> {
  const accountId = details.session?.accountId;
  const clientId = typeof details.params.client_id === 'string' ? details.params.client_id : '';
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId: accountId ?? '', clientId });
  grant.addOIDCScope('openid email profile');
  grant.addResourceScope(audience, 'openid email profile');
  return grant.save();
}
