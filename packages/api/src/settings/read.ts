import { perConnection, type ShopDb, settings } from '@nursery/db';
import { SETTING_NAMES, type Setting } from '@nursery/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { ShopRecords } from '../shop.ts';

/**
 * The settings' rows as stored. Placing an order reads one of them on the order writer's thread, which
 * therefore loads this module alone and not service.ts, whose HTML sanitizer (sanitize-html, postcss) the
 * message's reads need and an order never does.
 */
export const settingColumns = {
  settingId: settings.settingId,
  name: settings.name,
  isTrue: settings.isTrue,
  value: settings.value,
};

/** Every order asks whether ordering is open: the reads are prepared once per connection. */
export const settingStatements = perConnection((db: ShopDb) => ({
  all: db.select(settingColumns).from(settings).orderBy(asc(settings.settingId)).prepare(),
  byName: db
    .select(settingColumns)
    .from(settings)
    .where(eq(settings.name, sql.placeholder('name')))
    .prepare(),
}));

/** One setting's row as stored; the message's HTML is made safe by getSetting (service.ts), not here. */
export function storedSetting(shop: ShopRecords, name: string): Setting | undefined {
  return settingStatements(shop.db).byName.get({ name });
}

/** Ordering is open only when the setting exists and is true. */
export function isOnlineOrderingOpen(shop: ShopRecords): boolean {
  return storedSetting(shop, SETTING_NAMES.onlineOrderingEnabled)?.isTrue === true;
}
