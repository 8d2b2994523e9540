import { describe, expect, it } from 'vitest';
import {
  arrayOf,
  boolean,
  integer,
  nonEmptyText,
  objectOf,
  optional,
  text,
} from './stored-shape.ts';

describe('checks of stored values', () => {
  const line = objectOf<{ id: string; qty: number; gift: boolean }>({
    id: nonEmptyText,
    qty: integer(1),
    gift: boolean,
  });

  it('answers a value of the expected shape, keeping only the known fields', () => {
    expect(line({ id: 'a', qty: 2, gift: false, extra: 'x' })).toEqual({
      id: 'a',
      qty: 2,
      gift: false,
    });
    expect(arrayOf(line)([{ id: 'a', qty: 1, gift: true }])).toEqual([
      { id: 'a', qty: 1, gift: true },
    ]);
    expect(text('')).toBe('');
  });

  it('refuses anything else', () => {
    for (const value of [
      null,
      'a',
      [],
      { id: '', qty: 1, gift: false },
      { id: 'a', qty: 0, gift: false },
      { id: 'a', qty: 1.5, gift: false },
      { id: 'a', qty: '1', gift: false },
      { id: 'a', qty: 1 },
    ]) {
      expect(line(value), JSON.stringify(value)).toBeUndefined();
    }
    expect(arrayOf(line)([{ id: 'a', qty: 1, gift: true }, {}])).toBeUndefined();
    expect(arrayOf(line)({})).toBeUndefined();
    expect(nonEmptyText('')).toBeUndefined();
  });

  describe('optional fields', () => {
    const tagged = objectOf<{ id: string; tag?: string }>({
      id: nonEmptyText,
      tag: optional(text),
    });

    it('leaves out a missing field and checks one that is there', () => {
      expect(tagged({ id: 'a' })).toEqual({ id: 'a' });
      expect(tagged({ id: 'a' })).not.toHaveProperty('tag');
      expect(tagged({ id: 'a', tag: 'x' })).toEqual({ id: 'a', tag: 'x' });
      expect(tagged({ id: 'a', tag: 1 })).toBeUndefined();
      expect(tagged({ tag: 'x' })).toBeUndefined();
    });
  });
});
