// What every procedure answers, one file per domain; the server's answer types are inferred from these.
export * from './catalog.ts';
export * from './contacts.ts';
export * from './exports.ts';
export * from './integrations.ts';
export * from './orders.ts';
<<<<<<< HEAD
export * from './pickUpDays.ts';
=======
export * from './seasons.ts';
>>>>>>> 88bfce1 (Settings → New season: staff start the next season with prices raised by a percentage (half-up to the cent, in integers) or kept, each status carried over, changed or not carried over (Inactive, never deleted), stock carried over or counted afresh. A preview lists every product's change; the start takes the preview's token and refuses (409) when the catalogue moved, takes an automatic backup first, writes in one transaction and records who, when, options and backup in season_rollovers, whose newest season becomes the current one (at most one ahead of the calendar); restoring the backup undoes it)
export * from './settings.ts';
export * from './site.ts';
export * from './staff.ts';
export * from './stock.ts';
