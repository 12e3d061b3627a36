import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';

/** Files over this are gzipped by zlib: zopfli takes seconds per megabyte. */
const ZOPFLI_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The .gz twin the build writes beside a text asset: zopfli's gzip stream, which any client reads and which is
 * about 4 % smaller than zlib's level 9 (4 KB less of the storefront's first load for a browser that is not
 * offered brotli, as on plain http); it costs a few seconds of the build, once. The bench measures first loads
 * by the same twins.
 */
export async function gzipTwin(bytes: Buffer): Promise<Uint8Array> {
  return bytes.length > ZOPFLI_MAX_BYTES
    ? gzipSync(bytes, { level: 9 })
    : await zopfliGzip(bytes, { numiterations: 15 });
}

/** The .br twin: brotli at its best quality. */
export function brotliTwin(bytes: Buffer): Buffer {
  return brotliCompressSync(bytes, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}
