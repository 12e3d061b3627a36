import { describe, expect, it } from 'vitest';
import { EMBED_NEEDS_BOTH, EMBED_NEEDS_IMAGE, EMBED_NEEDS_LINK, parseFlickrEmbed } from './flickrEmbed';

const embed =
  '<a data-flickr-embed="true" href="https://www.flickr.com/photos/prairie_lens/53012345678/in/dateposted/" title="Bur oak"><img src="https://live.staticflickr.com/65535/53012345678_abcdef1234_b.jpg" width="1024" height="683" alt="Bur oak"/></a><script async src="//embedr.flickr.com/assets/client-code.js" charset="utf-8"></script>';

describe('parseFlickrEmbed', () => {
  it('reads the owner, the image and the photo page', () => {
    expect(parseFlickrEmbed(embed)).toEqual({
      flickrUser: 'prairie_lens',
      imageUrl: 'https://live.staticflickr.com/65535/53012345678_abcdef1234_b.jpg',
      photoPageUrl: 'https://www.flickr.com/photos/prairie_lens/53012345678/',
    });
  });
  it('accepts numeric owner ids and protocol-relative images', () => {
    const r = parseFlickrEmbed(
      '<a href="https://flickr.com/photos/12345678@N00/99/"><img src="//live.staticflickr.com/x.jpg"></a>',
    );
    expect(r).toMatchObject({ flickrUser: '12345678@N00', imageUrl: 'https://live.staticflickr.com/x.jpg' });
  });
  it('says what is missing', () => {
    expect(parseFlickrEmbed('just some text')).toEqual({ error: EMBED_NEEDS_BOTH });
    // A bare photo page address has the owner but no image.
    expect(parseFlickrEmbed('https://www.flickr.com/photos/prairie_lens/')).toEqual({
      error: EMBED_NEEDS_IMAGE,
    });
    expect(parseFlickrEmbed('<img src="https://live.staticflickr.com/x.jpg">')).toEqual({
      error: EMBED_NEEDS_LINK,
    });
    expect(parseFlickrEmbed('<a href="https://www.flickr.com/photos/someone/1/">photo</a>')).toEqual({
      error: EMBED_NEEDS_IMAGE,
    });
    expect(
      parseFlickrEmbed('<a href="https://www.flickr.com/about">x</a><img src="javascript:alert(1)">'),
    ).toEqual({
      error: EMBED_NEEDS_BOTH,
    });
  });
});
