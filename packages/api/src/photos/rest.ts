import type { RestRoute } from '../restRoute.ts';

export const photosRest: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/Uploads/Flickr',
    procedure: 'photos.uploadFlickr',
    input: 'query',
    summary:
      'Downloads the photo at imageUrl (only from the allowed photo hosts, size-capped, checked to be a JPEG, PNG or WebP) and stores a re-encoded full-size image and a thumbnail for the product, crediting flickrUser (and photoPageUrl when given). Answers the product.',
    tag: 'Photos',
    successMessage: 'Image Uploaded...',
  },
  {
    method: 'PUT',
    path: '/api/v1/Uploads/Crop',
    procedure: 'photos.crop',
    input: 'query',
    summary:
      "Crops a square (integer x, y, width = height, inside the full-size image) that becomes the product's card image. Answers the product.",
    tag: 'Photos',
    successMessage: 'Image Cropped...',
  },
  {
    method: 'PUT',
    path: '/api/v1/Uploads/Reset',
    procedure: 'photos.reset',
    input: 'query',
    summary: "Removes the product's images and attribution. Answers the product.",
    tag: 'Photos',
    successMessage: 'Successfully Reset...',
  },
];
