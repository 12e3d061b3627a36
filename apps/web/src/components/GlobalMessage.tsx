import { useEffect, useState } from 'react';
import { useStorefrontSettings } from '../lib/site';

/** The spec's pause before the message slides down again on each page or message change. */
export const GLOBAL_MESSAGE_DELAY_MS = 700;

/** Tags and attributes staff may use in the message: enough for emphasis, lists and links. */
const ALLOWED_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'br',
  'p',
  'span',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'small',
];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'title'];

let hooked = false;

export function isBlankMessage(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

/**
 * The staff's message under the navigation. The server cleans it when saved; it is cleaned again
 * here, since it is inserted as HTML. The sanitizer loads only when there is a message to show.
 */
export function GlobalMessage({ pathname }: { pathname: string }) {
  const { globalMessage } = useStorefrontSettings();
  const [html, setHtml] = useState('');
  const [revealed, setRevealed] = useState(false);
  const blank = isBlankMessage(globalMessage);

  useEffect(() => {
    if (blank) {
      setHtml('');
      return;
    }
    let cancelled = false;
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (cancelled) return;
      if (!hooked) {
        hooked = true;
        // A link staff open in a new tab must not hand this page to the other site.
        DOMPurify.addHook('afterSanitizeAttributes', (node) => {
          if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
            node.setAttribute('rel', 'noopener noreferrer');
          }
        });
      }
      const clean = DOMPurify.sanitize(globalMessage, { ALLOWED_TAGS, ALLOWED_ATTR });
      setHtml(isBlankMessage(clean) ? '' : clean);
    });
    return () => {
      cancelled = true;
    };
  }, [globalMessage, blank]);

  // Hidden at once, then revealed 700 ms later, on every page and every new message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => {
    setRevealed(false);
    if (!html) return;
    const timer = window.setTimeout(() => setRevealed(true), GLOBAL_MESSAGE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, html]);

  if (!html) return null;
  return (
    <div className={`global-message${revealed ? ' is-revealed' : ''}`} aria-hidden={!revealed}>
      <div className="global-message-clip">
        <div className="container">
          <div
            className="global-message-body"
            role="status"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </div>
      </div>
    </div>
  );
}
