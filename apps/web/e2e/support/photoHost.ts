import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp, { type Color } from 'sharp';

/**
 * A photo host as Flickr's is to the shop, answering every address with one JPEG photo of this size. Answers
 * the address of a photo at `photoPath` on it, and how to stop it.
 */
export async function photoHost(
  photo: { width: number; height: number; background: Color },
  photoPath: string,
): Promise<{ photoUrl: string; close(): Promise<void> }> {
  const jpeg = await sharp({ create: { ...photo, channels: 3 } })
    .jpeg()
    .toBuffer();
  const host = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg),
  );
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  return {
    photoUrl: `http://127.0.0.1:${(host.address() as AddressInfo).port}${photoPath}`,
    close: () => new Promise((resolve) => host.close(() => resolve())),
  };
}
