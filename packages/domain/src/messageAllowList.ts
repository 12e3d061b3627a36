// Plain data with no zod, in a file of its own: the storefront reads it on every page, and importing it
// from settings.ts would carry that file's zod schemas (24 KB gzipped) into the first page load.

/**
 * The HTML the global message may carry: text formatting, links, lists and simple tables.
 * The server's sanitizer and the browser's renderer both read this list, so a message looks the
 * same in the preview as on the storefront. Scripts, styles, frames, forms and event handlers never pass.
 */
export const MESSAGE_ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'li',
  'mark',
  'ol',
  'p',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
] as const;

/** Attributes per tag ('*' for every tag); class lets staff use the site's own alert and text styles. */
export const MESSAGE_ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  '*': ['class'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/** Link schemes a message may use: no javascript:, data: or vbscript: URLs. */
export const MESSAGE_ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/**
 * Elements whose content is code or a widget, not words: dropped with everything inside them, where an
 * unknown wrapper (<font>, <center>) goes but keeps its words.
 */
export const MESSAGE_DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'title',
] as const;

/**
 * Another namespace's markup. A browser and the server's parser read it differently (a browser lets some
 * HTML elements break out of an <svg>, htmlparser2 does not), so each side applies its own safe reading:
 * the browser's renderer drops the foreign element whole, the server keeps the HTML inside as HTML and
 * sanitizes it like the rest. Neither keeps the foreign element itself or anything in it that could run.
 */
export const MESSAGE_FOREIGN_CONTENT = ['svg', 'math'] as const;

const ALLOWED_SCHEMES: ReadonlySet<string> = new Set(MESSAGE_ALLOWED_SCHEMES.map((s) => `${s}:`));

/**
 * Whether a message's link may keep its href: a path on the shop's own site ("/Products", "#faq",
 * "Contact") or an allowed scheme; never protocol-relative ("//host") and never javascript:, data: or vbscript:.
 */
export function isAllowedHref(href: string): boolean {
  // Browsers ignore tabs, line breaks and leading control characters in a scheme ("java\tscript:").
  const compact = Array.from(href)
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('');
  if (compact === '' || compact.startsWith('//') || compact.startsWith('\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(compact)?.[1];
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme.toLowerCase());
}

/**
 * The target and rel a message's link gets: one that opens another tab (any target but _self) opens a
 * new one and never hands the shop's window to the other site; every other link gets neither, nor does a
 * link without an href.
 */
export function messageLinkTarget(
  href: string | null | undefined,
  target: string | null | undefined,
): { target: '_blank'; rel: 'noopener noreferrer' } | null {
  if (href === null || href === undefined || !target || target === '_self') return null;
  return { target: '_blank', rel: 'noopener noreferrer' };
}

/** A table cell's colspan or rowspan as kept: a whole number from 1 to 100, otherwise dropped. */
export function messageCellSpan(value: string): number | null {
  const span = Number.parseInt(value, 10);
  return Number.isInteger(span) && span >= 1 && span <= 100 ? span : null;
}
