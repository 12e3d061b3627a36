/**
 * The embedded provider's pages (sign-in, sign-out, errors) in the shop's colours. Plain HTML with an
 * external stylesheet and no script, so they work under a strict Content-Security-Policy and without JavaScript.
 */
import { escapeHtml } from '../html.ts';

export const STYLESHEET_PATH = '/oidc/assets/signin.css';
/** Submits the sign-out form on load: the spec's /Admin/Logout signs out without a further question. */
export const SIGN_OUT_SCRIPT_PATH = '/oidc/assets/signout.js';
export const SIGN_OUT_SCRIPT = `(function () {
  var form = document.getElementById('op.logoutForm');
  if (!form) return;
  var logout = document.createElement('input');
  logout.type = 'hidden';
  logout.name = 'logout';
  logout.value = 'yes';
  form.appendChild(logout);
  form.submit();
})();
`;

export const STYLESHEET = `
:root { color-scheme: light; --green: #2f5d3a; --green-dark: #234a2d; --ink: #1f2a22; --muted: #5b665e;
  --line: #c9d3cb; --paper: #f6f4ee; --error: #9b1c1c; --error-bg: #fdecec; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
  background: var(--paper); color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: 100%; max-width: 24rem; margin: 1rem; padding: 2rem 1.75rem; background: #fff;
  border: 1px solid var(--line); border-radius: 10px; box-shadow: 0 2px 12px rgb(0 0 0 / 0.06); }
.brand { margin: 0 0 0.25rem; color: var(--green); font-weight: 700; font-size: 1.05rem; }
h1 { margin: 0 0 1.25rem; font-size: 1.5rem; }
p { margin: 0 0 1rem; }
label { display: block; margin: 0 0 0.25rem; font-weight: 600; }
input[type=email], input[type=password] { width: 100%; margin: 0 0 1rem; padding: 0.6rem 0.7rem; font: inherit;
  border: 1px solid #8a968d; border-radius: 6px; background: #fff; color: var(--ink); }
input:focus, button:focus, a:focus { outline: 3px solid #86b393; outline-offset: 1px; }
button { width: 100%; padding: 0.7rem 1rem; font: inherit; font-weight: 600; color: #fff; background: var(--green);
  border: 0; border-radius: 6px; cursor: pointer; }
button:hover { background: var(--green-dark); }
.secondary { display: block; margin-top: 1rem; text-align: center; color: var(--green); }
.error { margin: 0 0 1rem; padding: 0.6rem 0.75rem; color: var(--error); background: var(--error-bg);
  border: 1px solid #f1b5b5; border-radius: 6px; }
.hint { color: var(--muted); font-size: 0.9rem; }
`;

function page(shopName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(shopName)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main>
<p class="brand">${escapeHtml(shopName)}</p>
${body}
</main>
</body>
</html>`;
}

export function signInPage(options: {
  shopName: string;
  action: string;
  email?: string;
  error?: string;
  homeUrl: string;
}): string {
  const error = options.error
    ? `<p class="error" role="alert" id="signin-error">${escapeHtml(options.error)}</p>`
    : '';
  const describedBy = options.error ? ' aria-describedby="signin-error"' : '';
  return page(
    options.shopName,
    'Staff sign-in',
    `<h1>Staff sign-in</h1>
${error}<form method="post" action="${escapeHtml(options.action)}" novalidate>
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}"${describedBy}${options.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${options.email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<a class="secondary" href="${escapeHtml(options.homeUrl)}">Back to the shop</a>`,
  );
}

/** oidc-provider hands over its own form (hidden inputs with the request's state); we only dress it. */
export function signOutPage(options: { shopName: string; form: string; homeUrl: string }): string {
  return page(
    options.shopName,
    'Sign out',
    `<h1>Signing out…</h1>
<p>You are being signed out of the shop's admin area on this device.</p>
${options.form}
<script src="${SIGN_OUT_SCRIPT_PATH}"></script>
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<a class="secondary" href="${escapeHtml(options.homeUrl)}">Stay signed in</a>`,
  );
}

export function signedOutPage(options: { shopName: string; homeUrl: string }): string {
  return page(
    options.shopName,
    'Signed out',
    `<h1>You are signed out</h1>
<a class="secondary" href="${escapeHtml(options.homeUrl)}">Back to the shop</a>`,
  );
}

export function errorPage(options: { shopName: string; message: string; homeUrl: string }): string {
  return page(
    options.shopName,
    'Sign-in problem',
    `<h1>Sign-in problem</h1>
<p class="error" role="alert">${escapeHtml(options.message)}</p>
<p class="hint">Go back to the admin area and try signing in again.</p>
<a class="secondary" href="${escapeHtml(options.homeUrl)}">Back to the shop</a>`,
  );
}

/** After a one-time password: the person chooses their own before the sign-in completes. */
export function changePasswordPage(options: {
  shopName: string;
  action: string;
  email: string;
  minLength: number;
  error?: string;
  homeUrl: string;
}): string {
  const error = options.error
    ? `<p class="error" role="alert" id="password-error">${escapeHtml(options.error)}</p>`
    : '';
  const describedBy = options.error ? 'password-hint password-error' : 'password-hint';
  return page(
    options.shopName,
    'Choose your password',
    `<h1>Choose your password</h1>
<p>You signed in with a one-time password. Choose your own to finish signing in.</p>
${error}<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="text" name="username" autocomplete="username" value="${escapeHtml(options.email)}" hidden>
<label for="newPassword">New password</label>
<input id="newPassword" name="newPassword" type="password" autocomplete="new-password" required minlength="${options.minLength}" aria-describedby="${describedBy}" autofocus>
<label for="confirmPassword">Repeat the new password</label>
<input id="confirmPassword" name="confirmPassword" type="password" autocomplete="new-password" required minlength="${options.minLength}">
<p class="hint" id="password-hint">At least ${options.minLength} characters. A few unrelated words make a strong password that is easy to remember.</p>
<button type="submit">Save and sign in</button>
</form>
<a class="secondary" href="${escapeHtml(options.homeUrl)}">Back to the shop</a>`,
  );
}
