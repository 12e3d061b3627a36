import { type OidcPayload, OidcPayloadStore } from '@nursery/api/staff';
import type { ShopDb } from '@nursery/db';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/** oidc-provider's storage interface over the shop's database (see OidcPayloadStore). */
export class DatabaseAdapter implements Adapter {
  private readonly store: OidcPayloadStore;

  constructor(db: ShopDb, kind: string) {
    this.store = new OidcPayloadStore(db, kind);
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
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
    this.store.consume(id);
  }
  async destroy(id: string): Promise<void> {
    this.store.destroy(id);
  }
  async revokeByGrantId(grantId: string): Promise<void> {
    this.store.revokeByGrantId(grantId);
  }
}
