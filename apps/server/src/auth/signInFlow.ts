import { createHash, randomBytes } from 'node:crypto';

/**
 * Signs in to the embedded provider over plain HTTP exactly as a browser does (authorization code with
 * PKCE, the sign-in form, the token request), for tests and tools that need a genuine access token.
 */
export interface SignInFlowOptions {
  /** The shop's public URL (the provider is at `${publicUrl}/oidc`). */
  publicUrl: string;
  clientId: string;
  audience: string;
  email: string;
  password: string;
}

export interface SignInFlowResult {
  accessToken: string;
  idToken: string;
  expiresIn: number;
}

class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export class SignInFlowError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(message: string, status: number, body: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** A sign-in in progress: the provider has shown its form; `submit` posts it as a browser would. */
export interface PendingSignIn {
  /** The sign-in page's address. */
  interactionUrl: string;
  /** The sign-in page's HTML. */
  page: string;
  /** `headers` go with this one request (a test playing a client behind a proxy sends X-Forwarded-For). */
  submit(email: string, password: string, headers?: Record<string, string>): Promise<Response>;
  /** After a one-time password: posts the page that asks for a new password. */
  choosePassword(newPassword: string, confirmPassword?: string): Promise<Response>;
  /** After a successful submit: follows the redirects back to the shop and exchanges the code for tokens. */
  finish(submitted: Response): Promise<SignInFlowResult>;
  /** The provider's cookies so far (its session after `finish`), for requests made as this browser. */
  cookies(): string;
}

export async function beginSignIn(
  options: Omit<SignInFlowOptions, 'email' | 'password'>,
): Promise<PendingSignIn> {
  const jar = new CookieJar();
  const base = options.publicUrl.replace(/\/$/, '');
  const redirectUri = `${base}/Admin`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(16).toString('base64url');

  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const response = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(response);
    // Read whole at once, so no connection stays busy whatever the caller does with the answer.
    const body = await response.arrayBuffer();
    return new Response(body.byteLength ? body : null, {
      status: response.status,
      headers: response.headers,
    });
  };

  const authorize = new URL(`${base}/oidc/auth`);
  authorize.search = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(16).toString('base64url'),
    resource: options.audience,
  }).toString();

  const started = await go(authorize.href);
  const location = started.headers.get('location');
  if (!location) {
    throw new SignInFlowError('the provider did not ask for a sign-in', started.status, await started.text());
  }
  const interaction = new URL(location, base);
  const page = await (await go(interaction.href)).text();

  return {
    interactionUrl: interaction.href,
    page,
    cookies: () => jar.header(),
    submit(email, password, headers = {}) {
      return go(`${interaction.pathname}/login`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password }).toString(),
      });
    },
    choosePassword(newPassword, confirmPassword = newPassword) {
      return go(`${interaction.pathname}/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ newPassword, confirmPassword }).toString(),
      });
    },
    async finish(submitted) {
      let response = submitted;
      let next = response.headers.get('location');
      if (!next) throw new SignInFlowError('the sign-in was refused', response.status, await response.text());
      // Follow the provider's redirects (resume, perhaps consent) until it sends the browser back with a code.
      for (let hop = 0; hop < 5 && next && !next.startsWith(redirectUri); hop++) {
        response = await go(next);
        await response.text();
        next = response.headers.get('location');
      }
      if (!next?.startsWith(redirectUri)) {
        throw new SignInFlowError('the provider did not return to the shop', response.status, '');
      }
      const back = new URL(next);
      const code = back.searchParams.get('code');
      if (!code || back.searchParams.get('state') !== state) {
        throw new SignInFlowError(
          `the provider answered ${back.searchParams.get('error') ?? 'without a code'}`,
          400,
          next,
        );
      }
      response = await go(`${base}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          redirect_uri: redirectUri,
          client_id: options.clientId,
          resource: options.audience,
        }).toString(),
      });
      const text = await response.text();
      if (!response.ok) throw new SignInFlowError('the token request failed', response.status, text);
      const body = JSON.parse(text) as { access_token?: string; id_token?: string; expires_in?: number };
      if (!body.access_token || !body.id_token)
        throw new SignInFlowError('the token answer has no tokens', 500, text);
      return { accessToken: body.access_token, idToken: body.id_token, expiresIn: body.expires_in ?? 0 };
    },
  };
}

export async function signInWithPassword(options: SignInFlowOptions): Promise<SignInFlowResult> {
  const pending = await beginSignIn(options);
  return pending.finish(await pending.submit(options.email, options.password));
}
