import { settings } from '@nursery/db';
import { asc } from 'drizzle-orm';
import type { Shop } from '../shop.ts';

export const settingColumns = {
  settingId: settings.settingId,
  name: settings.name,
  isTrue: settings.isTrue,
  value: settings.value,
};

export type Setting = { settingId: number; name: string; isTrue: boolean; value: string };

export function getAllSettings(shop: Shop): Setting[] {
  return shop.db.select(settingColumns).from(settings).orderBy(asc(settings.settingId)).all();
}

export function getSetting(shop: Shop, name: string): Setting | undefined {
  return getAllSettings(shop).find((s) => s.name === name);
}

/** Ordering is open only when the setting exists and is true. */
export function isOnlineOrderingOpen(shop: Shop): boolean {
  return getSetting(shop, 'OnlineOrderingEnabled')?.isTrue === true;
}
