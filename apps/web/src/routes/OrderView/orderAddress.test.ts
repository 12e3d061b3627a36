import { describe, expect, it } from 'vitest';
import { orderAddress } from './orderAddress';

describe('orderAddress', () => {
  it('is the order page with the phone number as digits', () => {
    expect(orderAddress('https://shop.example', 57, '(555) 010-2233')).toBe(
      'https://shop.example/Order/57/5550102233',
    );
  });
  it('carries a phone without digits as typed, so the code still opens the order', () => {
    expect(orderAddress('http://127.0.0.1:4000', 8, ' call the barn ')).toBe(
      'http://127.0.0.1:4000/Order/8/call%20the%20barn',
    );
  });
  it('leaves the phone segment out when there is none', () => {
    expect(orderAddress('http://127.0.0.1:4000', 8, '')).toBe('http://127.0.0.1:4000/Order/8');
  });
});
