import {
  isAllowedHref,
  MESSAGE_ALLOWED_ATTRIBUTES,
  MESSAGE_ALLOWED_SCHEMES,
  MESSAGE_ALLOWED_TAGS,
  MESSAGE_DROPPED_WITH_CONTENT,
  messageCellSpan,
  messageLinkTarget,
} from '@nursery/domain';
import sanitizeHtml from 'sanitize-html';

/** A table cell keeps its spans only as the shared rule reads them (1 to 100). */
const cell: sanitizeHtml.Transformer = (tagName, attribs) => {
  const next: Record<string, string> = { ...attribs };
  for (const name of ['colspan', 'rowspan']) {
    const value = next[name];
    if (value === undefined) continue;
    const span = messageCellSpan(value);
    if (span === null) delete next[name];
    else next[name] = String(span);
  }
  return { tagName, attribs: next };
};

// Every rule comes from packages/domain/src/messageAllowList.ts, which the browser's renderer
// (apps/web/src/lib/messageHtml.ts) reads too; sanitize-html only does the parsing.
const options: sanitizeHtml.IOptions = {
  allowedTags: [...MESSAGE_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(MESSAGE_ALLOWED_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: [...MESSAGE_ALLOWED_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  nonTextTags: [...MESSAGE_DROPPED_WITH_CONTENT],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { target, rel, href, ...rest } = attribs;
      const next: Record<string, string> = { ...rest };
      if (href !== undefined && isAllowedHref(href)) next.href = href;
      const opens = messageLinkTarget(next.href, target);
      if (opens) Object.assign(next, opens);
      return { tagName, attribs: next };
    },
    td: cell,
    th: cell,
  },
};

/** The global message as the storefront may render it: only the allow-listed tags, attributes and link schemes. */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
