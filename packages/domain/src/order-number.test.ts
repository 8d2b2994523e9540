import { describe, expect, it } from 'vitest';
import { orderNumber } from './order-number.ts';

describe('orderNumber', () => {
  it('is the first 8 characters of the id, upper case', () => {
    expect(orderNumber('3f2a9c1b-0d4e-4b6a-9f00-1234567890ab')).toBe('3F2A9C1B');
  });
});
