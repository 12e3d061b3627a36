import { asOneLine, productSchema } from '@nursery/domain';
import { z } from 'zod';
import { queryId, queryInt } from '../input.ts';
import { procedure, router } from '../trpc.ts';
import { cropPhoto, resetPhoto, uploadFlickrPhoto } from './service.ts';

const webAddress = (what: string) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, { error: `${what} is required.` })
    .max(2000, { error: `${what} can be at most 2000 characters.` });

const flickrUploadInput = z.object({
  productId: queryId('productId'),
  // Shown on the storefront's product card: one line, as every name is (asOneLine).
  flickrUser: z
    .string({ error: 'flickrUser (the photographer) is required.' })
    .overwrite(asOneLine)
    .trim()
    .min(1, { error: 'flickrUser (the photographer) is required.' })
    .max(100, { error: 'flickrUser can be at most 100 characters.' }),
  imageUrl: webAddress('imageUrl'),
  photoPageUrl: webAddress('photoPageUrl')
    .refine((v) => /^https?:\/\//i.test(v), { error: 'photoPageUrl must start with https:// or http://.' })
    .optional(),
});

const cropInput = z.object({
  productId: queryId('productId'),
  x: queryInt('x').refine((n) => n >= 0, { error: 'x must be 0 or more.' }),
  y: queryInt('y').refine((n) => n >= 0, { error: 'y must be 0 or more.' }),
  width: queryInt('width').refine((n) => n >= 1, { error: 'width must be at least 1.' }),
  height: queryInt('height').refine((n) => n >= 1, { error: 'height must be at least 1.' }),
});

/** Staff-only: none of these paths is in PUBLIC_PROCEDURES. Each answers the product with its new image. */
export const photosRouter = router({
  uploadFlickr: procedure
    .input(flickrUploadInput)
    .output(productSchema)
    .mutation(({ ctx, input }) => uploadFlickrPhoto(ctx.shop, input)),
  crop: procedure
    .input(cropInput)
    .output(productSchema)
    .mutation(({ ctx, input }) => cropPhoto(ctx.shop, input)),
  reset: procedure
    .input(z.object({ productId: queryId('productId') }))
    .output(productSchema)
    .mutation(({ ctx, input }) => resetPhoto(ctx.shop, input.productId)),
});
