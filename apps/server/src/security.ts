import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ShopConfig } from '@nursery/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { OIDC_MOUNT_PATH } from './auth/provider.ts';

/** The storefront's "find us" map is OpenStreetMap's embed page, the only third party a page may show. */
export const MAP_EMBED_ORIGIN = 'https://www.openstreetmap.org';

/**
 * The Content-Security-Policy of every answer. No inline script anywhere: the web build loads only its own
 * files and the embedded sign-in pages are plain forms. Inline styles stay allowed because the toast library
 * (react-hot-toast through goober) writes its styles into a <style> element at run time; styles cannot run code.
 * Photos are stored under /media on this server, so images come from here (and data: URLs for small icons).
 * An external OpenID provider is reached by the admin app (discovery, token) and by the sign-in redirect.
 *
 * Framing: the admin app renews its sign-in silently (oidc-client-ts loads the provider's authorize
 * endpoint, which redirects back to the app, in a hidden iframe), so the shop may frame its own pages
 * ('self') and the external provider's; no other site may frame any of them.
 */
export function contentSecurityPolicy(config: ShopConfig): Record<string, string[]> {
  const issuerOrigin = config.oidc.embedded ? null : new URL(config.oidc.issuer).origin;
  const withIssuer = (sources: string[]) => (issuerOrigin ? [...sources, issuerOrigin] : sources);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': withIssuer(["'self'"]),
    'frame-src': withIssuer(["'self'", MAP_EMBED_ORIGIN]),
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': withIssuer(["'self'"]),
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
  // Behind TLS every request of the page must stay on https; on plain http (a laptop, a test) it would break them.
  if (config.publicUrl.startsWith('https://')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** What the shop asks of helmet: its policy above, and each header's choice with the reason for it. */
export function helmetOptions(config: ShopConfig) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Same origin only, as frame-ancestors says (older browsers read only this header).
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The shop's own origin only; includeSubDomains could lock the owner's other sites out of plain http.
    strictTransportSecurity: { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false },
    crossOriginEmbedderPolicy: false,
    // Sign-in is a full-page redirect, never a popup, so the page can keep its browsing context to itself.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  } as const satisfies HelmetOptions;
}

/** The security headers as name and value, lower-case names, in the order helmet writes them. */
export type SecurityHeaders = readonly (readonly [name: string, value: string])[];

/**
 * The headers helmet sends with the options above, worked out once at start by running helmet's own
 * middleware against a response that only records them. Nothing in them depends on the request, and helmet
 * built per request (what @fastify/helmet does) parsed the policy again for every answer, about an eighth
 * of the product list's cost.
 */
export function securityHeaders(config: ShopConfig): SecurityHeaders {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(helmetOptions(config))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return Object.freeze([...headers].map(([name, value]) => Object.freeze([name, value] as const)));
}

/** The same headers as lines of a raw HTTP answer (`name: value\r\n` each), for answers written to the socket. */
export function securityHeaderLines(headers: SecurityHeaders): string {
  return headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
}

/**
 * What sets the security headers on every answer before its route runs. Fastify writes its reply's headers
 * in one writeHead, so an answer Fastify sends gets them as reply headers from one object made at start (the
 * cheapest way: a raw setHeader each made Node check and store twelve headers one by one, and write them
 * again through its slower path). The embedded OpenID provider under /oidc writes most of its answers to the
 * raw response itself, so there they are set on the raw response, as helmet did; its sign-in pages send a
 * stricter policy of their own, which replaces this one.
 */
export function securityHeaderSetter(
  headers: SecurityHeaders,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const asObject: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(headers));
  return (request, reply) => {
    if (request.url.startsWith(OIDC_MOUNT_PATH)) {
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
    } else {
      reply.headers(asObject);
    }
  };
}
