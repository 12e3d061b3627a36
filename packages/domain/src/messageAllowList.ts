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
