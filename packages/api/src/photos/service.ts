import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { products, uploadedFiles } from '@nursery/db';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { Metadata } from 'sharp';
import { productNotFound, requireLiveProduct } from '../catalog/adminService.ts';
import { loadProduct, type Product } from '../catalog/productShape.ts';
import { ShopError } from '../errors.ts';
import type { Shop } from '../shop.ts';
import { queueProductChanged } from '../webhooks/events.ts';
import { downloadImage } from './download.ts';

/** Large enough for a sharp product photo on a big screen, small enough to load quickly on a phone. */
export const FULL_SIZE_MAX_PX = 1600;
/** The product card's image: square once cropped. */
export const THUMBNAIL_PX = 400;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/**
 * A few kilobytes of PNG can claim a gigantic canvas; decoding it would take gigabytes of memory.
 * 60 megapixels is more than any camera photo the embed code offers.
 */
export const MAX_INPUT_PIXELS = 60_000_000;
const KIND_PREFIX = 'product-photo-';
type PhotoKind = 'full' | 'thumbnail' | 'crop';

/** sharp (libvips, about 20 MB in memory) loads with the first photo import or crop, not with the server. */
async function loadSharp() {
  return (await import('sharp')).default;
}

function notAnImage(): ShopError {
  return new ShopError({
    kind: 'bad_request',
    message: 'The downloaded file is not a JPEG, PNG or WebP image; paste the embed code of a photo.',
  });
}

/** A relative media path resolved inside the media folder, never outside it. */
function mediaFile(shop: Shop, relative: string): string {
  const root = path.resolve(shop.config.mediaDir);
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) throw new Error(`media path escapes the media folder: ${relative}`);
  return file;
}

interface StoredFile {
  kind: PhotoKind;
  path: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Writes under a name made from the content's hash, so a name never changes meaning and /media can
 * be cached forever. Written to a temp name first, then renamed, so a reader never sees half a file.
 */
async function storeImage(
  shop: Shop,
  productId: number,
  kind: PhotoKind,
  bytes: Buffer,
): Promise<StoredFile> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const relative = `products/${productId}/${sha256.slice(0, 20)}-${kind}.webp`;
  const file = mediaFile(shop, relative);
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, file);
  return { kind, path: relative, sizeBytes: bytes.byteLength, sha256 };
}

async function removeFiles(shop: Shop, relatives: readonly string[]): Promise<void> {
  for (const relative of relatives) {
    try {
      await rm(mediaFile(shop, relative), { force: true });
    } catch (error) {
      // A file left behind costs disk space only; the product no longer points at it.
      shop.log.warn({ err: error, path: relative }, 'could not remove an old product image');
    }
  }
}

function photoRows(
  shop: Shop,
  productId: number,
  kinds: readonly PhotoKind[],
): { fileId: number; path: string }[] {
  return shop.db
    .select({ fileId: uploadedFiles.fileId, path: uploadedFiles.path })
    .from(uploadedFiles)
    .where(
      and(
        eq(uploadedFiles.productId, productId),
        kinds.length === 3
          ? like(uploadedFiles.kind, `${KIND_PREFIX}%`)
          : inArray(
              uploadedFiles.kind,
              kinds.map((k) => KIND_PREFIX + k),
            ),
      ),
    )
    .all();
}

/** Replaces the product's rows of the given kinds by the new files; answers the paths no longer used. */
function recordFiles(
  shop: Shop,
  productId: number,
  replaceKinds: readonly PhotoKind[],
  files: readonly StoredFile[],
  originalName: string | null,
): string[] {
  const old = photoRows(shop, productId, replaceKinds);
  if (old.length > 0) {
    shop.db
      .delete(uploadedFiles)
      .where(
        inArray(
          uploadedFiles.fileId,
          old.map((o) => o.fileId),
        ),
      )
      .run();
  }
  for (const f of files) {
    shop.db
      .insert(uploadedFiles)
      .values({
        kind: KIND_PREFIX + f.kind,
        path: f.path,
        contentType: 'image/webp',
        sizeBytes: f.sizeBytes,
        sha256: f.sha256,
        productId,
        originalName,
      })
      .onConflictDoUpdate({
        target: uploadedFiles.path,
        set: {
          kind: KIND_PREFIX + f.kind,
          sizeBytes: f.sizeBytes,
          sha256: f.sha256,
          productId,
          originalName,
        },
      })
      .run();
  }
  const kept = new Set(files.map((f) => f.path));
  return old.map((o) => o.path).filter((p) => !kept.has(p));
}

function answer(shop: Shop, productId: number): Product {
  const product = loadProduct(shop, productId);
  if (!product) throw productNotFound(productId);
  return product;
}

export interface FlickrUpload {
  productId: number;
  flickrUser: string;
  imageUrl: string;
  photoPageUrl?: string | undefined;
}

/**
 * Uploads/Flickr: downloads the photo from an allowed host, checks on the bytes that it is an image,
 * and stores a re-encoded full-size image and a thumbnail with the photographer's attribution. Any
 * earlier image and crop of the product are replaced.
 */
export async function uploadFlickrPhoto(shop: Shop, input: FlickrUpload): Promise<Product> {
  requireLiveProduct(shop, input.productId);
  const sharp = await loadSharp();
  const downloaded = await downloadImage(input.imageUrl, {
    allowedHosts: shop.config.photos.hosts,
    maxBytes: shop.config.photos.maxBytes,
  });
  let meta: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the size is checked just below with a clear message.
    meta = await sharp(downloaded, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw notAnImage();
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > MAX_INPUT_PIXELS) {
    throw new ShopError({
      kind: 'bad_request',
      message: `The image is ${meta.width}x${meta.height} pixels, more than this shop takes; choose a smaller size in the photo service's embed options.`,
    });
  }

  let full: Buffer;
  let thumbnail: Buffer;
  try {
    // rotate() applies the camera's orientation before the EXIF data is dropped by re-encoding.
    const source = sharp(downloaded, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    full = await source
      .clone()
      .resize({ width: FULL_SIZE_MAX_PX, height: FULL_SIZE_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
    thumbnail = await source
      .clone()
      .resize({ width: THUMBNAIL_PX, height: THUMBNAIL_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new ShopError({
      kind: 'bad_request',
      message: 'The image is damaged or cannot be read; try another size of the photo.',
    });
  }

  const stored = [
    await storeImage(shop, input.productId, 'full', full),
    await storeImage(shop, input.productId, 'thumbnail', thumbnail),
  ];
  const [fullFile, thumbFile] = stored as [StoredFile, StoredFile];
  const pageUrl =
    input.photoPageUrl ?? `https://www.flickr.com/photos/${encodeURIComponent(input.flickrUser)}/`;
  const unused = shop.db.transaction(() => {
    const gone = recordFiles(shop, input.productId, ['full', 'thumbnail', 'crop'], stored, input.imageUrl);
    shop.db
      .update(products)
      .set({
        fullSizeImagePath: fullFile.path,
        thumbnailImagePath: thumbFile.path,
        croppedImagePath: null,
        productImageCropped: false,
        photoOwner: input.flickrUser,
        photoPageUrl: pageUrl,
        updatedAt: shop.now().getTime(),
      })
      .where(eq(products.productId, input.productId))
      .run();
    queueProductChanged(shop, input.productId);
    return gone;
  });
  shop.catalogCache.invalidate();
  shop.webhooks.flush();
  await removeFiles(shop, unused);
  return answer(shop, input.productId);
}

export interface CropInput {
  productId: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Uploads/Crop: a square from the full-size image becomes the product's card image. */
export async function cropPhoto(shop: Shop, input: CropInput): Promise<Product> {
  requireLiveProduct(shop, input.productId);
  const sharp = await loadSharp();
  const row = shop.db
    .select({ fullSizeImagePath: products.fullSizeImagePath })
    .from(products)
    .where(eq(products.productId, input.productId))
    .get();
  if (!row?.fullSizeImagePath) {
    throw new ShopError({
      kind: 'bad_request',
      message: 'This product has no image to crop yet; upload one with Change Image first.',
    });
  }
  let source: Buffer;
  try {
    source = await readFile(mediaFile(shop, row.fullSizeImagePath));
  } catch {
    throw new ShopError({
      kind: 'bad_request',
      message: "The product's image file is missing; upload the image again with Change Image.",
    });
  }
  const meta = await sharp(source).metadata();
  const imageWidth = meta.width ?? 0;
  const imageHeight = meta.height ?? 0;
  const { x, y, width, height } = input;
  if (width !== height) {
    throw new ShopError({
      kind: 'bad_request',
      message: `The crop must be square; width ${width} and height ${height} differ.`,
    });
  }
  if (width < 1 || x < 0 || y < 0 || x + width > imageWidth || y + height > imageHeight) {
    throw new ShopError({
      kind: 'bad_request',
      message: `The crop (x ${x}, y ${y}, ${width}x${height}) must lie inside the image, which is ${imageWidth}x${imageHeight} pixels.`,
    });
  }
  const cropped = await sharp(source)
    .extract({ left: x, top: y, width, height })
    .resize({ width: THUMBNAIL_PX, height: THUMBNAIL_PX, fit: 'cover', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer();
  const stored = await storeImage(shop, input.productId, 'crop', cropped);
  const unused = shop.db.transaction(() => {
    const gone = recordFiles(shop, input.productId, ['crop'], [stored], null);
    shop.db
      .update(products)
      .set({ croppedImagePath: stored.path, productImageCropped: true, updatedAt: shop.now().getTime() })
      .where(eq(products.productId, input.productId))
      .run();
    queueProductChanged(shop, input.productId);
    return gone;
  });
  shop.catalogCache.invalidate();
  shop.webhooks.flush();
  await removeFiles(shop, unused);
  return answer(shop, input.productId);
}

/** Uploads/Reset: the product goes back to having no image; its files are removed. */
export async function resetPhoto(shop: Shop, productId: number): Promise<Product> {
  requireLiveProduct(shop, productId);
  const current = shop.db
    .select({
      full: products.fullSizeImagePath,
      thumbnail: products.thumbnailImagePath,
      crop: products.croppedImagePath,
    })
    .from(products)
    .where(eq(products.productId, productId))
    .get();
  const unused = shop.db.transaction(() => {
    const gone = recordFiles(shop, productId, ['full', 'thumbnail', 'crop'], [], null);
    shop.db
      .update(products)
      .set({
        fullSizeImagePath: null,
        thumbnailImagePath: null,
        croppedImagePath: null,
        productImageCropped: false,
        photoOwner: null,
        photoPageUrl: null,
        updatedAt: shop.now().getTime(),
      })
      .where(eq(products.productId, productId))
      .run();
    queueProductChanged(shop, productId);
    return gone;
  });
  shop.catalogCache.invalidate();
  shop.webhooks.flush();
  // Paths the product pointed at without a file row (e.g. seeded by hand) go too.
  const pointed = [current?.full, current?.thumbnail, current?.crop].filter(
    (p): p is string => typeof p === 'string' && p.startsWith('products/'),
  );
  await removeFiles(shop, [...new Set([...unused, ...pointed])]);
  return answer(shop, productId);
}
