import type { Caller, Shop } from '@nursery/api';
import type { FastifyInstance } from 'fastify';

export interface Auth {
  /** Decides who is calling from the Authorization header; never throws. */
  resolveCaller(authorization: string | undefined): Promise<Caller>;
}

/** Mounts sign-in (the embedded OpenID provider when no external issuer is configured) and returns the token check. */
export async function registerAuth(_app: FastifyInstance, _shop: Shop): Promise<Auth> {
  return {
    async resolveCaller(authorization) {
      if (!authorization) return { kind: 'anonymous' };
      return { kind: 'invalid-token', reason: 'token verification is not configured' };
    },
  };
}
