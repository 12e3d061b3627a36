import type { ShopConfig } from '@nursery/api';

/** The colours of the shop's header and page (apps/web/index.html), for the installed app's frame. */
const THEME_COLOUR = '#2f5d3a';
const BACKGROUND_COLOUR = '#f6f4ee';

/** Longest label a phone's home screen shows whole under an icon. */
const SHORT_NAME_LENGTH = 12;

/**
 * The label under the installed app's icon: the shop's name when it fits, else its first words that do (at
 * least the first word), so 'Prairie Hollow Native Nursery' reads 'Prairie', not a name cut mid-word.
 */
export function shortShopName(name: string): string {
  const words = name.trim().split(/\s+/);
  let short = words[0] ?? '';
  for (const word of words.slice(1)) {
    if (`${short} ${word}`.length > SHORT_NAME_LENGTH) break;
    short = `${short} ${word}`;
  }
  return short;
}

/**
 * The web app manifest: what makes the shop installable ("Add to Home Screen"), named as the shop is
 * configured. The icons are the web build's (apps/web/public/icons), in the sizes Chromium asks for: 192 and
 * 512 pixels, and a maskable one whose leaf stays inside the circle a phone may cut it to.
 */
export function webManifest(config: Pick<ShopConfig, 'shop'>): Record<string, unknown> {
  return {
    id: '/',
    name: config.shop.name,
    short_name: shortShopName(config.shop.name),
    description: `Order plants from ${config.shop.name} and bring your order to pick-up, even without a signal.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
