import { describe, expect, it } from 'vitest';
import { orderAddress } from './orderAddress';

describe('orderAddress', () => {
  it('is the order page with the phone number as digits', () => {
    expect(orderAddress('https://shop.example', 57, '(555) 010-2233')).toBe(
      'https://shop.example/Order/57/5550102233',
    );
  });
  it('leaves the phone segment out when there are no digits', () => {
    expect(orderAddress('http://127.0.0.1:4000', 8, '')).toBe('http://127.0.0.1:4000/Order/8');
  });
});
