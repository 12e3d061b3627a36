import { useEffect, useMemo, useState } from 'react';
import { useHydrated } from '../lib/adoption';
import { messageToReact } from '../lib/messageHtml';
import { useStorefrontSettings } from '../lib/site';

/** The spec's pause before the message slides down again on each page or message change. */
export const GLOBAL_MESSAGE_DELAY_MS = 700;

/** Whether sanitized message HTML holds any words, read without a parser (its tags are the allow-list's). */
function hasWords(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
      .trim() !== ''
  );
}

/**
 * The staff's message under the navigation. The server cleans it when saved; it is rebuilt here
 * from the same allow-list (lib/messageHtml.ts), so a message shows exactly as the server and the
 * admin preview allow, and nothing else.
 */
export function GlobalMessage({ pathname }: { pathname: string }) {
  const { globalMessage } = useStorefrontSettings();
  const hydrated = useHydrated();
  const content = useMemo(() => (hydrated ? messageToReact(globalMessage) : null), [hydrated, globalMessage]);
  const [revealed, setRevealed] = useState(false);

  // Hidden at once, then revealed 700 ms later, on every page and every new message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => {
    setRevealed(false);
    if (!content) return;
    const timer = window.setTimeout(() => setRevealed(true), GLOBAL_MESSAGE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, content]);

  // The page the server writes (and React's adoption of it) shows the message as the server's sanitizer left
  // it in the settings, since the rebuild needs the browser's parser; the rebuilt message then takes its place.
  // Both hold the same words in the same room, so nothing below it moves.
  const serverCopy = !hydrated && hasWords(globalMessage);
  if (!content && !serverCopy) return null;
  return (
    <div className={`global-message${revealed ? ' is-revealed' : ''}`} aria-hidden={!revealed}>
      <div className="global-message-clip">
        <div className="container">
          {serverCopy ? (
            <div
              className="global-message-body"
              role="status"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own sanitized message (every read path sanitizes it: packages/api/src/settings/service.ts), which the browser never parses here: React adopts what the server wrote.
              dangerouslySetInnerHTML={{ __html: globalMessage }}
            />
          ) : (
            <div className="global-message-body" role="status">
              {content}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
