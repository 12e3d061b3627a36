import type { StaffIdentity } from '@nursery/api';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** The integration client behind each request that had one, for its log line. */
const integrationCalls = new WeakMap<FastifyRequest, { integration: string; clientId: string }>();

/**
 * Every call an integration client makes is logged with its name and id, as changes by staff carry
 * theirs: a bookkeeper's script that misbehaves at 3 a.m. can be told from a person by its log line.
 */
export function noteIntegrationCall(request: FastifyRequest, identity: StaffIdentity): void {
  if (!identity.integration) return;
  integrationCalls.set(request, { integration: identity.name, clientId: identity.integration.clientId });
}

/**
 * Query parameters whose values are credentials or let someone into a customer's order: the sign-in's
 * authorization code (the redirect to /Admin), the ID token the admin's logout sends to /oidc/session/end, any
 * token or client secret a client puts in an address, and the phone number that opens an order with its
 * number. The log keeps that they were there, not what they were.
 */
const SECRET_QUERY_VALUES =
  /([?&](?:code|id_token_hint|id_token|access_token|refresh_token|client_secret|phoneNumber)=)[^&#]*/gi;

/** The order page's phone segment (/Order/{orderId}/{phoneNumber}), the same key to the order as above. */
const ORDER_PAGE_PHONE = /^(\/Order\/[^/?#]*\/)[^/?#]+/;

/** The address as logged: the path as the client sent it, with the values of SECRET_QUERY_VALUES redacted. */
export function loggedUrl(request: FastifyRequest): string {
  // originalUrl: the embedded sign-in provider rewrites url to its own mount (/oidc/session/end became
  // /session/end). Most requests (the product list, order submits) have no query and cost one search.
  return redactedUrl(request.originalUrl);
}

/** An address as it may be logged (see loggedUrl): for the lines Fastify does not write (frontDoor.ts). */
export function redactedUrl(address: string): string {
  let url = address;
  if (url.startsWith('/Order/')) url = url.replace(ORDER_PAGE_PHONE, '$1[redacted]');
  return url.includes('?') ? url.replace(SECRET_QUERY_VALUES, '$1[redacted]') : url;
}

/**
 * One log line per request, written when it completes (method, path, status, time, client), instead of
 * Fastify's two ("incoming request" and "request completed"): the request log is the hottest code path on
 * a busy morning. Every other line Fastify writes (errors, stream failures, not-found) stays as it is.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: loggedUrl(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
      ...integrationCalls.get(request),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
