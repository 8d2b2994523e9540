import { describe, expect, it } from 'vitest';
import { droppedPictures, picturesAfterEdit } from './product-pictures.ts';

describe('picturesAfterEdit', () => {
  it('takes the whole list when the form sends one', () => {
    expect(picturesAfterEdit(['/a.webp', '/b.webp'], { images: ['/b.webp', '/c.webp'] })).toEqual([
      '/b.webp',
      '/c.webp',
    ]);
  });

  it('replaces only the main picture for a form that knows one image', () => {
    expect(picturesAfterEdit(['/a.webp', '/b.webp'], { image: '/c.webp' })).toEqual([
      '/c.webp',
      '/b.webp',
    ]);
  });

  it('moves a picture already in the list to the front rather than listing it twice', () => {
    expect(picturesAfterEdit(['/a.webp', '/b.webp', '/c.webp'], { image: '/c.webp' })).toEqual([
      '/c.webp',
      '/b.webp',
    ]);
  });
});

describe('droppedPictures', () => {
  it('lists what the new list no longer holds', () => {
    expect(droppedPictures(['/a.webp', '/b.webp'], ['/b.webp', '/c.webp'])).toEqual(['/a.webp']);
  });
});
