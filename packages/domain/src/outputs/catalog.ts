import { z } from 'zod';

/**
 * What the catalogue procedures answer. The server's types are inferred from these schemas and the
 * published OpenAPI document is made from them, so the document describes the answers as they are.
 * The ids name the OpenAPI component each becomes.
 */

/** A price tier as the spec shows it; priceCents lets the browser price a cart without float drift. */
export const productPriceSchema = z
  .object({
    productPriceId: z.number().int(),
    startQuantity: z.number().int(),
    endQuantity: z.number().int().nullable(),
    price: z.number(),
    priceCents: z.number().int(),
    displayPrice: z.string(),
  })
  .meta({
    id: 'ProductPrice',
    description: 'One price tier: the unit price from startQuantity to endQuantity (null: and up).',
  });
export type ProductPrice = z.infer<typeof productPriceSchema>;

/** The fields anyone may read; the admin answer adds the season's sales figures and the edit version. */
const storefrontProductShape = {
  productId: z.number().int(),
  name: z.string(),
  description: z.string(),
  prices: z.array(productPriceSchema),
  zones: z.string(),
  productSize: z.string(),
  species: z.string(),
  productTypeId: z.number().int(),
  productType: z.string(),
  thumbnailImageUrl: z.string().nullable(),
  fullSizeImageUrl: z.string().nullable(),
  croppedImageUrl: z.string().nullable(),
  productImageCropped: z.boolean(),
  productImageUploaded: z.boolean(),
  hasImage: z.boolean(),
  photoOwner: z.string().nullable(),
  photoPageUrl: z.string().nullable(),
  isSoldOut: z.boolean(),
  isCallForAvailability: z.boolean(),
  productStatus: z.number().int(),
  displayProductStatus: z.string(),
  cartQuantity: z.number().int(),
  /** Can be sold as a normal product: Active or Nursery, the statuses that can be ordered online. */
  isActive: z.boolean(),
  isSpecialOrder: z.boolean(),
  isActiveOrSpecialOrder: z.boolean(),
  isDeleted: z.boolean(),
  displayNameAndSize: z.string(),
  isDougs: z.boolean(),
  isStockTracked: z.boolean(),
  currentStock: z.number().int(),
  calculatedStock: z.number().int().nullable(),
  displayCalculatedStock: z.string(),
};

/** A product as the storefront lists it (GetProductsToShow): no sales figures, no edit version. */
export const storefrontProductSchema = z
  .object(storefrontProductShape)
  .meta({ id: 'StorefrontProduct', description: 'A product as anyone may read it, with its price tiers.' });
export type StorefrontProduct = z.infer<typeof storefrontProductSchema>;

/** The one product object of the admin answers: the storefront's fields plus stock and sales figures. */
export const productSchema = z
  .object({
    ...storefrontProductShape,
    numSold: z.number().int(),
    displayNumSold: z.string(),
    productRevenue: z.number(),
    displayProductRevenue: z.string(),
    version: z
      .number()
      .int()
      .describe('Sent back with an edit, so a save made from an older read is refused with 409.'),
  })
  .meta({
    id: 'Product',
    description: "A product with its price tiers and this season's stock and sales figures.",
  });
export type Product = z.infer<typeof productSchema>;

/** One order line of a product (GetProductOrders). */
export const productOrderLineSchema = z
  .object({
    orderId: z.number().int(),
    phoneNumber: z.string(),
    createdTimestamp: z.string().describe('ISO 8601 instant.'),
    displayCreatedDate: z.string(),
    quantity: z.number().int(),
    unitPrice: z.number(),
    displayUnitPrice: z.string(),
    price: z.number().describe("The line's subtotal in dollars."),
    displayPrice: z.string(),
    name: z.string(),
    email: z.string(),
  })
  .meta({
    id: 'ProductOrderLine',
    description: 'An order (not deleted, any season) that includes the product.',
  });
export type ProductOrderLine = z.infer<typeof productOrderLineSchema>;

/** SetProductStatus's answer; status 4 is the soft delete, after which there is no product to show. */
export const productStatusChangeSchema = z
  .object({
    productId: z.number().int(),
    productStatus: z.number().int(),
    displayProductStatus: z.string(),
    product: productSchema.nullable(),
  })
  .meta({ id: 'ProductStatusChange' });
export type ProductStatusChange = z.infer<typeof productStatusChangeSchema>;

export const savedProductSchema = z
  .object({ product: productSchema, isNewProduct: z.boolean() })
  .meta({ id: 'SavedProduct' });
export type SavedProduct = z.infer<typeof savedProductSchema>;

export const deletedProductSchema = z.object({ productId: z.number().int() }).meta({ id: 'DeletedProduct' });
