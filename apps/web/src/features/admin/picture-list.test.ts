import { describe, expect, it } from 'vitest';
import {
  isStandIn,
  moved,
  roomFor,
  withMainAddress,
  without,
  withPictures,
} from './picture-list.ts';

const SAMPLE = '/images/sample.webp';

describe("the admin's picture list", () => {
  it('adds pictures at the end, each once, at most twelve', () => {
    expect(withPictures(['/a.webp'], ['/b.webp', '/a.webp', '/c.webp'])).toEqual([
      '/a.webp',
      '/b.webp',
      '/c.webp',
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => `/p${i}.webp`);
    expect(withPictures(eleven, ['/x.webp', '/y.webp'])).toEqual([...eleven, '/x.webp']);
    expect(roomFor(eleven)).toBe(1);
  });

  it('lets the first added picture take the place of the stand-in of a new product', () => {
    expect(isStandIn([SAMPLE])).toBe(true);
    expect(isStandIn([SAMPLE, '/a.webp'])).toBe(false);
    expect(roomFor([SAMPLE])).toBe(12);
    expect(withPictures([SAMPLE], ['/a.webp', '/b.webp'])).toEqual(['/a.webp', '/b.webp']);
    expect(withPictures(['/a.webp', SAMPLE], ['/b.webp'])).toEqual(['/a.webp', SAMPLE, '/b.webp']);
  });

  it('moves a picture, makes one the main one, removes one', () => {
    const list = ['/a', '/b', '/c'];
    expect(moved(list, 0, 1)).toEqual(['/b', '/a', '/c']);
    expect(moved(list, 2, 0)).toEqual(['/c', '/a', '/b']);
    expect(moved(list, 2, 3)).toEqual(list);
    expect(without(list, 1)).toEqual(['/a', '/c']);
    expect(withMainAddress(list, '/z')).toEqual(['/z', '/b', '/c']);
    expect(withMainAddress([], '/z')).toEqual(['/z']);
  });
});
