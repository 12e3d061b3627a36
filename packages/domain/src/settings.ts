// The settings' names and the stock e-mail list's reading, apart from their input schemas (schemas/settings.ts):
// placing an order reads both on the order writer's thread, which loads no schema library.

/** The settings the shop knows, by the names the spec gives them. */
export const SETTING_NAMES = {
  onlineOrderingEnabled: 'OnlineOrderingEnabled',
  activePdf: 'ActivePdf',
  message: 'Message',
  productStockEmails: 'ProductStockEmails',
} as const;

/** Splits what staff typed into addresses: commas, semicolons, spaces and new lines all separate. */
export function splitEmailList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
