import { MESSAGE_ALLOWED_ATTRIBUTES, MESSAGE_ALLOWED_SCHEMES, MESSAGE_ALLOWED_TAGS } from '@nursery/domain';
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...MESSAGE_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(MESSAGE_ALLOWED_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: [...MESSAGE_ALLOWED_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Script and style bodies are dropped whole rather than shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link in the banner opens its own tab and never hands the shop's window to the other site.
    a: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      if (next.target && next.target !== '_self') {
        next.target = '_blank';
        next.rel = 'noopener noreferrer';
      } else {
        delete next.target;
        if (next.rel) next.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: next };
    },
  },
};

/** The global message as the storefront may render it: only the allow-listed tags, attributes and link schemes. */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
