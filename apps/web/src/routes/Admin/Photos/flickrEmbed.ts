/** What the photo import needs from the embed code the photo service gives for a photo. */
export interface FlickrEmbed {
  flickrUser: string;
  imageUrl: string;
  /** The photo's own page, kept for the attribution link on the product card. */
  photoPageUrl: string;
}

export const EMBED_NEEDS_BOTH =
  "The embed code needs a link to the photo's page and the photo itself. On the photo's page choose Share, then Embed, and copy the whole code.";
export const EMBED_NEEDS_LINK =
  "The embed code has an image but no link to the photo's page (an address with /photos/{owner}/), so the photographer cannot be credited. Copy the whole embed code again.";
export const EMBED_NEEDS_IMAGE =
  'The embed code has a link but no image (<img src="...">). Copy the whole embed code again, not just the link.';

function absolute(url: string): URL | null {
  try {
    return new URL(url.startsWith('//') ? `https:${url}` : url);
  } catch {
    return null;
  }
}

/**
 * Reads pasted embed code: the owner is the path segment after "photos" in the link, the image is
 * the embedded <img>'s source. Answers a message a person can act on when either is missing.
 */
export function parseFlickrEmbed(text: string): FlickrEmbed | { error: string } {
  const doc = new DOMParser().parseFromString(text, 'text/html');
  let owner: string | null = null;
  let page: string | null = null;
  // The link of the embed code, or failing that a bare photo page address someone pasted.
  const hrefs = [...doc.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '');
  const bare = text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  for (const href of [...hrefs, ...bare]) {
    const url = absolute(href);
    if (!url) continue;
    const parts = url.pathname.split('/').filter(Boolean);
    const at = parts.indexOf('photos');
    const candidate = at >= 0 ? parts[at + 1] : undefined;
    if (candidate) {
      owner = decodeURIComponent(candidate);
      const photoId = parts[at + 2];
      page = `${url.origin}/photos/${candidate}/${photoId && /^\d+$/.test(photoId) ? `${photoId}/` : ''}`;
      break;
    }
  }
  const src = doc.querySelector('img[src]')?.getAttribute('src') ?? '';
  const image = src ? absolute(src) : null;
  const imageUrl =
    image && (image.protocol === 'https:' || image.protocol === 'http:') ? image.toString() : null;
  if (!owner && !imageUrl) return { error: EMBED_NEEDS_BOTH };
  if (!owner || !page) return { error: EMBED_NEEDS_LINK };
  if (!imageUrl) return { error: EMBED_NEEDS_IMAGE };
  return { flickrUser: owner, imageUrl, photoPageUrl: page };
}
