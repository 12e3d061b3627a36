import { useEffect, useMemo, useState } from 'react';
import { messageToReact } from '../lib/messageHtml';
import { useStorefrontSettings } from '../lib/site';

/** The spec's pause before the message slides down again on each page or message change. */
export const GLOBAL_MESSAGE_DELAY_MS = 700;

/**
 * The staff's message under the navigation. The server cleans it when saved; it is rebuilt here
 * from the same allow-list (lib/messageHtml.ts), so a message shows exactly as the server and the
 * admin preview allow, and nothing else.
 */
export function GlobalMessage({ pathname }: { pathname: string }) {
  const { globalMessage } = useStorefrontSettings();
  const content = useMemo(() => messageToReact(globalMessage), [globalMessage]);
  const [revealed, setRevealed] = useState(false);

  // Hidden at once, then revealed 700 ms later, on every page and every new message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => {
    setRevealed(false);
    if (!content) return;
    const timer = window.setTimeout(() => setRevealed(true), GLOBAL_MESSAGE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, content]);

  if (!content) return null;
  return (
    <div className={`global-message${revealed ? ' is-revealed' : ''}`} aria-hidden={!revealed}>
      <div className="global-message-clip">
        <div className="container">
          <div className="global-message-body" role="status">
            {content}
          </div>
        </div>
      </div>
    </div>
  );
}
