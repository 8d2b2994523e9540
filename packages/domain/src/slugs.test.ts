import { describe, expect, it } from 'vitest';
import { isSlug, slugify, SLUG_MAX_LENGTH } from './slugs.ts';

describe('slugify', () => {
  it('lower-cases a name and joins its words with hyphens', () => {
    expect(slugify('Cell Phones')).toBe('cell-phones');
    expect(slugify('  T-Shirts & Tops!  ')).toBe('t-shirts-tops');
  });

  it('keeps letters of any script and digits', () => {
    expect(slugify('Café Crème')).toBe('café-crème');
    expect(slugify('家電 製品')).toBe('家電-製品');
    expect(slugify('Ελληνικά 2024')).toBe('ελληνικά-2024');
  });

  it('answers an empty slug for a name without letters or digits', () => {
    expect(slugify('!!! ???')).toBe('');
  });

  it('cuts long names without leaving a hyphen at the end', () => {
    const slug = slugify(`${'a'.repeat(SLUG_MAX_LENGTH - 1)} b`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('makes only slugs that isSlug accepts', () => {
    for (const name of ['Cell Phones', 'Café', '家電', 'A1 b2', 'Électronique & TV']) {
      expect(isSlug(slugify(name))).toBe(true);
    }
    expect(isSlug('Upper')).toBe(false);
    expect(isSlug('a--b')).toBe(false);
    expect(isSlug('-a')).toBe(false);
    expect(isSlug('a b')).toBe(false);
  });
});
