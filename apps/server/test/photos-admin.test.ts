import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, type TestServer } from '../src/testing.ts';
import { saveProduct } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

interface PhotoProduct {
  productId: number;
  thumbnailImageUrl: string | null;
  fullSizeImageUrl: string | null;
  croppedImageUrl: string | null;
  productImageUploaded: boolean;
  productImageCropped: boolean;
  hasImage: boolean;
  photoOwner: string | null;
  photoPageUrl: string | null;
}

let server: TestServer;
let token: string;
let photoHost: http.Server;
let photoBase: string;
const MAX_BYTES = 400_000;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny file whose header claims 20000 x 20000 pixels: decoding it would need gigabytes. */
function pixelBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A stand-in for the photo service's image host: real images made by sharp, and some bad answers. */
async function startPhotoHost(): Promise<void> {
  const landscape = await sharp({
    create: { width: 2400, height: 1800, channels: 3, background: { r: 40, g: 120, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#aa3300' } })
    .png()
    .toBuffer();
  const huge = Buffer.alloc(MAX_BYTES + 10_000, 7);
  photoHost = http.createServer((req, res) => {
    switch (req.url) {
      case '/photos/oak.jpg':
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(landscape);
        return;
      case '/photos/small.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(small);
        return;
      case '/photos/bomb.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(pixelBomb());
        return;
      case '/photos/not-an-image.jpg':
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>this is a web page</html>');
        return;
      case '/photos/huge-chunked.jpg':
        // No Content-Length: the cap must hold while streaming.
        res.writeHead(200, { 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' });
        res.write(huge.subarray(0, 200_000));
        res.end(huge.subarray(200_000));
        return;
      case '/photos/redirect-away.jpg':
        res.writeHead(302, { location: 'http://localhost:1/photos/oak.jpg' }).end();
        return;
      case '/photos/redirect-home.jpg':
        res.writeHead(302, { location: '/photos/small.png' }).end();
        return;
      default:
        res.writeHead(404).end('missing');
    }
  });
  await new Promise<void>((resolve) => photoHost.listen(0, '127.0.0.1', resolve));
  photoBase = `http://127.0.0.1:${(photoHost.address() as AddressInfo).port}`;
}

function newProduct(name: string): Promise<number> {
  return saveProduct(server, token, { name, prices: [{ startQuantity: 1, endQuantity: null, price: 3 }] });
}

function upload(productId: number, imageUrl: string, extra = '') {
  const q = new URLSearchParams({ productId: String(productId), flickrUser: 'prairie_lens', imageUrl });
  return rest<PhotoProduct>(server.url, 'POST', `/api/v1/Uploads/Flickr?${q}${extra}`, { token });
}

function crop(productId: number, x: number, y: number, width: number, height: number) {
  return rest<PhotoProduct>(
    server.url,
    'PUT',
    `/api/v1/Uploads/Crop?productId=${productId}&x=${x}&y=${y}&width=${width}&height=${height}`,
    { token },
  );
}

async function imageAt(
  url: string,
): Promise<{ width: number; height: number; format: string; cache: string }> {
  const response = await fetch(`${server.url}${url}`);
  expect(response.status).toBe(200);
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return {
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    format: meta.format ?? '',
    cache: response.headers.get('cache-control') ?? '',
  };
}

function mediaPath(url: string): string {
  return path.join(server.config.mediaDir, decodeURIComponent(url.replace(/^\/media\//, '')));
}

beforeAll(async () => {
  await startPhotoHost();
  ({ server, token } = await signedInShop(
    {
      DEMO_DATA: 'false',
      // The test's photo host is allowed on its own port only, as an entry that names a port allows.
      PHOTO_HOSTS: new URL(photoBase).host,
      PHOTO_MAX_BYTES: String(MAX_BYTES),
    },
    {},
    { email: 'photos@example.com', name: 'Pat Photos' },
  ));
});
afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => photoHost?.close(resolve));
});

describe('product photos over REST', () => {
  it('answers 401 without a token', async () => {
    expect((await rest(server.url, 'POST', '/api/v1/Uploads/Flickr?productId=1')).status).toBe(401);
    expect((await rest(server.url, 'PUT', '/api/v1/Uploads/Crop?productId=1')).status).toBe(401);
    expect((await rest(server.url, 'PUT', '/api/v1/Uploads/Reset?productId=1')).status).toBe(401);
  });

  it('imports a photo, crops it square and shows the crop on the storefront, then resets', async () => {
    const id = await newProduct('Swamp White Oak');
    const up = await upload(
      id,
      `${photoBase}/photos/oak.jpg`,
      '&photoPageUrl=https%3A%2F%2Fwww.flickr.com%2Fphotos%2Fprairie_lens%2F123%2F',
    );
    expect(up.status).toBe(200);
    expect(up.body.message).toBe('Image Uploaded...');
    const p = up.body.data;
    expect(p).toMatchObject({
      productImageUploaded: true,
      hasImage: true,
      productImageCropped: false,
      photoOwner: 'prairie_lens',
      photoPageUrl: 'https://www.flickr.com/photos/prairie_lens/123/',
    });
    // Re-encoded, shrunk to at most 1600 px, with a 400 px thumbnail, cached for good.
    const full = await imageAt(p.fullSizeImageUrl ?? '');
    expect(full).toMatchObject({ width: 1600, height: 1200, format: 'webp' });
    expect(full.cache).toContain('immutable');
    expect(await imageAt(p.thumbnailImageUrl ?? '')).toMatchObject({
      width: 400,
      height: 300,
      format: 'webp',
    });
    const fileRows = server.shop.database.sqlite
      .prepare('select kind, sha256 from uploaded_files where product_id = ? order by kind')
      .all(id) as { kind: string; sha256: string }[];
    expect(fileRows.map((r) => r.kind)).toEqual(['product-photo-full', 'product-photo-thumbnail']);
    expect(fileRows[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);

    const cropped = await crop(id, 200, 100, 1000, 1000);
    expect(cropped.status).toBe(200);
    expect(cropped.body.message).toBe('Image Cropped...');
    expect(cropped.body.data.productImageCropped).toBe(true);
    expect(cropped.body.data.thumbnailImageUrl).toBe(cropped.body.data.croppedImageUrl);
    expect(await imageAt(cropped.body.data.croppedImageUrl ?? '')).toMatchObject({ width: 400, height: 400 });

    const shown = await rest<PhotoProduct[]>(server.url, 'GET', '/api/v1/Products/GetProductsToShow');
    expect(shown.body.data.find((x) => x.productId === id)?.thumbnailImageUrl).toBe(
      cropped.body.data.croppedImageUrl,
    );

    const files = [p.fullSizeImageUrl, p.thumbnailImageUrl, cropped.body.data.croppedImageUrl].map((u) =>
      mediaPath(u ?? ''),
    );
    expect(files.every((f) => existsSync(f))).toBe(true);
    const reset = await rest<PhotoProduct>(server.url, 'PUT', `/api/v1/Uploads/Reset?productId=${id}`, {
      token,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Successfully Reset...');
    expect(reset.body.data).toMatchObject({
      hasImage: false,
      productImageCropped: false,
      fullSizeImageUrl: null,
      thumbnailImageUrl: null,
      photoOwner: null,
    });
    expect(files.some((f) => existsSync(f))).toBe(false);
  });

  it('replaces an earlier image and its crop on a new upload', async () => {
    const id = await newProduct('Black Cherry');
    const first = (await upload(id, `${photoBase}/photos/oak.jpg`)).body.data;
    await crop(id, 0, 0, 500, 500);
    const second = await upload(id, `${photoBase}/photos/small.png`);
    expect(second.status).toBe(200);
    expect(second.body.data.productImageCropped).toBe(false);
    expect(second.body.data.fullSizeImageUrl).not.toBe(first.fullSizeImageUrl);
    expect(existsSync(mediaPath(first.fullSizeImageUrl ?? ''))).toBe(false);
    // Small images are never blown up.
    expect(await imageAt(second.body.data.fullSizeImageUrl ?? '')).toMatchObject({ width: 300, height: 200 });
    // Default photo page when the embed code's link was not sent.
    expect(second.body.data.photoPageUrl).toBe('https://www.flickr.com/photos/prairie_lens/');
  });

  it("keeps the photographer's name to one line, as every name shown on the storefront", async () => {
    const id = await newProduct('Red Mulberry');
    // A NUL, a line break and a bidi override reached the storefront's product card as sent.
    const q = new URLSearchParams({
      productId: String(id),
      flickrUser: ' prairie\u0000lens\r\n\u202egpj.exe ',
      imageUrl: `${photoBase}/photos/oak.jpg`,
    });
    const answer = await rest<PhotoProduct>(server.url, 'POST', `/api/v1/Uploads/Flickr?${q}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.photoOwner).toBe('prairie lens gpj.exe');
    const shown = await rest<PhotoProduct[]>(
      server.url,
      'GET',
      '/api/v1/Products/GetProductsToShow?ignoreCache=true',
    );
    expect(shown.body.data.find((p) => p.productId === id)?.photoOwner).toBe('prairie lens gpj.exe');
    const blank = new URLSearchParams({ productId: String(id), flickrUser: '\u0000\t ', imageUrl: 'x' });
    const onlyControls = await rest(server.url, 'POST', `/api/v1/Uploads/Flickr?${blank}`, { token });
    expect(onlyControls.status).toBe(400);
    expect(onlyControls.body.message).toBe('flickrUser (the photographer) is required.');
  });

  it('refuses crops that are not square, not whole numbers or outside the image', async () => {
    const id = await newProduct('Shagbark Hickory');
    const noImage = await crop(id, 0, 0, 10, 10);
    expect(noImage.status).toBe(400);
    expect(noImage.body.message).toBe(
      'This product has no image to crop yet; upload one with Change Image first.',
    );
    await upload(id, `${photoBase}/photos/oak.jpg`);
    const outside = await crop(id, 1000, 500, 800, 800);
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(
      'The crop (x 1000, y 500, 800x800) must lie inside the image, which is 1600x1200 pixels.',
    );
    const notSquare = await crop(id, 0, 0, 300, 200);
    expect(notSquare.status).toBe(400);
    expect(notSquare.body.message).toBe('The crop must be square; width 300 and height 200 differ.');
    const fraction = await rest(
      server.url,
      'PUT',
      `/api/v1/Uploads/Crop?productId=${id}&x=1.5&y=0&width=10&height=10`,
      { token },
    );
    expect(fraction.status).toBe(400);
    expect(fraction.body.message).toContain('x must be a whole number');
    const negative = await crop(id, -1, 0, 10, 10);
    expect(negative.status).toBe(400);
  });

  it('refuses what is not an allowed image', async () => {
    const id = await newProduct('Pawpaw');
    const notImage = await upload(id, `${photoBase}/photos/not-an-image.jpg`);
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe(
      'The downloaded file is not a JPEG, PNG or WebP image; paste the embed code of a photo.',
    );

    const bomb = await upload(id, `${photoBase}/photos/bomb.png`);
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toMatch(/^The image is 20000x20000 pixels, more than this shop takes/);

    const huge = await upload(id, `${photoBase}/photos/huge-chunked.jpg`);
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/^The image is larger than 0\.4 MB/);

    const otherHost = await upload(id, `${photoBase.replace('127.0.0.1', 'localhost')}/photos/oak.jpg`);
    expect(otherHost.status).toBe(400);
    expect(otherHost.body.message).toContain('localhost is not one of them');

    const away = await upload(id, `${photoBase}/photos/redirect-away.jpg`);
    expect(away.status).toBe(400);
    expect(away.body.message).toContain('localhost is not one of them');

    const home = await upload(id, `${photoBase}/photos/redirect-home.jpg`);
    expect(home.status).toBe(200);

    const fileScheme = await upload(id, 'file:///etc/passwd');
    expect(fileScheme.status).toBe(400);
    expect(fileScheme.body.message).toBe('The image address must start with https:// or http://.');

    const missing = await upload(id, `${photoBase}/photos/gone.jpg`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('answered 404');

    const unknownProduct = await upload(999999, `${photoBase}/photos/oak.jpg`);
    expect(unknownProduct.status).toBe(404);

    const noUser = await rest(server.url, 'POST', `/api/v1/Uploads/Flickr?productId=${id}&imageUrl=x`, {
      token,
    });
    expect(noUser.status).toBe(400);
    expect(noUser.body.message).toContain('flickrUser (the photographer) is required.');
  });
});
