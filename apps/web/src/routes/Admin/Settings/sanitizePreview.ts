import { MESSAGE_ALLOWED_ATTRIBUTES, MESSAGE_ALLOWED_TAGS } from '@nursery/domain';
import DOMPurify from 'dompurify';

const ALLOWED_ATTR = [...new Set(Object.values(MESSAGE_ALLOWED_ATTRIBUTES).flat())];

/** The message as the preview banner shows it: the same allow-list the server applies when it saves. */
export function sanitizeForPreview(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...MESSAGE_ALLOWED_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/|#)/i,
  });
}
