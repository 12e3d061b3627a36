import { describe, expect, it } from 'vitest';
import { squareCrop } from './CropImageModal';

describe('squareCrop', () => {
  it('rounds the cropper area to a whole-pixel square', () => {
    expect(
      squareCrop({ x: 10.4, y: 20.6, width: 300.2, height: 299.7 }, { width: 1600, height: 1200 }),
    ).toEqual({
      x: 10,
      y: 21,
      width: 300,
      height: 300,
    });
  });
  it('keeps the square inside the image', () => {
    expect(squareCrop({ x: 1401, y: -1, width: 200, height: 200 }, { width: 1600, height: 1200 })).toEqual({
      x: 1400,
      y: 0,
      width: 200,
      height: 200,
    });
    expect(squareCrop({ x: 0, y: 0, width: 900, height: 900 }, { width: 800, height: 600 })).toMatchObject({
      width: 600,
      height: 600,
    });
  });
});
