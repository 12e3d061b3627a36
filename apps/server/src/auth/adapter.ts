import { type Shop, serverConnectionReleased } from '@nursery/api';
import { findActiveIntegrationClient } from '@nursery/api/integrations';
import { type OidcPayload, OidcPayloadStore } from '@nursery/api/staff';
import type { ShopDb } from '@nursery/db';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's storage interface over the shop's database (see OidcPayloadStore). Its writes (a sign-in's
 * session, grant and tokens, a refresh, a sign-out) wait while a new season or a catalogue sheet holds the
 * server's connection in one transaction across turns: written meanwhile they were inside it, and a roll-over
 * that failed would have undone the sign-in with itself (the person signed out at their next refresh).
 */
export class DatabaseAdapter implements Adapter {
  private readonly store: OidcPayloadStore;
  private readonly shop: Shop;

  constructor(shop: Shop, kind: string) {
    this.shop = shop;
    this.store = new OidcPayloadStore(shop.db, kind);
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await serverConnectionReleased(this.shop);
    this.store.upsert(id, payload as OidcPayload, expiresIn);
  }
  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.store.find(id) as AdapterPayload | undefined;
  }
  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.store.findByUserCode(userCode) as AdapterPayload | undefined;
  }
  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.store.findByUid(uid) as AdapterPayload | undefined;
  }
  async consume(id: string): Promise<void> {
    await serverConnectionReleased(this.shop);
    this.store.consume(id);
  }
  async destroy(id: string): Promise<void> {
    await serverConnectionReleased(this.shop);
    this.store.destroy(id);
  }
  async revokeByGrantId(grantId: string): Promise<void> {
    await serverConnectionReleased(this.shop);
    this.store.revokeByGrantId(grantId);
  }
}

/**
 * oidc-provider's clients beyond the admin app: the integration clients staff made, read from their table
 * on each token request, so a revoked one is refused at once. They may only use the client_credentials
 * grant with HTTP Basic. `client_secret` is the stored hash: the provider compares it through
 * compareClientSecret, which provider.ts replaces with a hash comparison.
 */
export class IntegrationClientAdapter implements Adapter {
  private readonly db: ShopDb;
  constructor(db: ShopDb) {
    this.db = db;
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const client = findActiveIntegrationClient(this.db, id);
    if (!client) return undefined;
    return {
      client_id: client.clientId,
      client_secret: client.secretHash,
      client_name: client.name,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
    };
  }
  // Clients are made and revoked by staff (pnpm integrations, the Integrations REST calls), never by the provider.
  async upsert(): Promise<void> {}
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }
  async findByUid(): Promise<undefined> {
    return undefined;
  }
  async consume(): Promise<void> {}
  async destroy(): Promise<void> {}
  async revokeByGrantId(): Promise<void> {}
}
