import { describe, expect, it } from 'vitest';
import { listPagePath, listPageTitle } from './list-page-path.ts';

describe('listPagePath', () => {
  it('names the home page and its first page /', () => {
    expect(listPagePath('', '1')).toBe('/');
    expect(listPagePath('', 'abc')).toBe('/');
  });

  it('keeps the page number from page 2 on', () => {
    expect(listPagePath('', '2')).toBe('/page/2');
    expect(listPagePath('/search/red%20mug', '3')).toBe('/search/red%20mug/page/3');
  });

  it('writes a page number as the server reads it', () => {
    expect(listPagePath('/category/mugs', '02')).toBe('/category/mugs/page/2');
    expect(listPagePath('/brand/acme', '1')).toBe('/brand/acme');
    expect(listPagePath('/brand/acme', '2.5')).toBe('/brand/acme');
    expect(listPagePath('/brand/acme', '-4')).toBe('/brand/acme');
  });
});

describe('listPageTitle', () => {
  it('names the page from page 2 on', () => {
    expect(listPageTitle('Latest Products', '1')).toBe('Latest Products');
    expect(listPageTitle('Latest Products', 'x')).toBe('Latest Products');
    expect(listPageTitle('Mugs', '3')).toBe('Mugs (page 3)');
  });
});
