// What every procedure answers, one file per domain; the server's answer types are inferred from these.
export * from './catalog.ts';
export * from './catalogSheet.ts';
export * from './contacts.ts';
export * from './counter.ts';
export * from './customerEmails.ts';
export * from './exports.ts';
export * from './integrations.ts';
export * from './orders.ts';
export * from './pickUpDays.ts';
export * from './pickup.ts';
export * from './seasonReport.ts';
export * from './seasons.ts';
export * from './settings.ts';
export * from './site.ts';
export * from './staff.ts';
export * from './stock.ts';
export * from './webhooks.ts';
