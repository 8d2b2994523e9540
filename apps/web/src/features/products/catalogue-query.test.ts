import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  catalogueSearch,
  clearFilters,
  filterChips,
  hasFilters,
  productListParams,
  productListSearch,
  readCatalogueQuery,
  toggleOptionValue,
  toggleSlug,
  withFixed,
  type CatalogueFilters,
} from './catalogue-query.ts';

const read = (query: string) => readCatalogueQuery(new URLSearchParams(query));

const every: CatalogueFilters = {
  categories: ['phones', 'cameras'],
  brands: ['apple'],
  options: { Size: ['M', 'L'], Colour: ['Blue'] },
  minPrice: '10',
  maxPrice: '49.99',
  inStock: true,
  minRating: 4,
  sort: 'price-asc',
};

const everySearch =
  'category=phones,cameras&brand=apple&option=Size:M,L&option=Colour:Blue&minPrice=10' +
  '&maxPrice=49.99&inStock=1&minRating=4&sort=price-asc';

describe('readCatalogueQuery', () => {
  it('reads every filter and the sort', () => {
    expect(read(everySearch)).toEqual(every);
  });

  it('reads no query as no filter and the newest first', () => {
    expect(read('')).toEqual(NO_FILTERS);
    expect(NO_FILTERS.sort).toBe('newest');
  });

  it('reads Unicode slugs, encoded or not, each once', () => {
    expect(read('category=caf%C3%A9,%E5%AE%B6%E9%9B%BB,caf%C3%A9').categories).toEqual([
      'café',
      '家電',
    ]);
    expect(read('brand=café, bosch ,,').brands).toEqual(['café', 'bosch']);
  });

  it('leaves out what the server would refuse, rather than failing the page', () => {
    expect(
      read(
        'category=Phones,ok-one,bad_slug&minPrice=ten&maxPrice=1.999&inStock=yes&minRating=9&sort=cheap',
      ),
    ).toEqual({ ...NO_FILTERS, categories: ['ok-one'] });
    expect(read('minRating=4.5').minRating).toBeUndefined();
  });

  it('keeps at most 20 slugs in a filter', () => {
    const slugs = Array.from({ length: 25 }, (_, index) => `c${index}`);
    expect(read(`category=${slugs.join(',')}`).categories).toEqual(slugs.slice(0, 20));
  });

  it('reads option filters, each option once, leaving out malformed ones', () => {
    expect(read('option=Size:M,L&option=Colour:Dark%20Blue').options).toEqual({
      Size: ['M', 'L'],
      Colour: ['Dark Blue'],
    });
    expect(read('option=Size&option=:M&option=Size:,&option=Fit:Slim').options).toEqual({
      Fit: ['Slim'],
    });
    expect(read('option=Size:M&option=Size:L').options).toEqual({ Size: ['M'] });
    expect(read('option=A:1&option=B:2&option=C:3&option=D:4').options).toEqual({
      A: ['1'],
      B: ['2'],
      C: ['3'],
    });
  });

  it('swaps price bounds given the wrong way round', () => {
    expect(read('minPrice=50&maxPrice=10')).toMatchObject({ minPrice: '10', maxPrice: '50' });
    expect(read('minPrice=5&maxPrice=5')).toMatchObject({ minPrice: '5', maxPrice: '5' });
  });
});

describe('catalogueSearch', () => {
  it('writes the filters in a fixed order, commas between slugs left readable', () => {
    expect(catalogueSearch(every)).toBe(`?${everySearch}`);
  });

  it('writes nothing for no filter and the default sort', () => {
    expect(catalogueSearch(NO_FILTERS)).toBe('');
    expect(catalogueSearch({ ...NO_FILTERS, sort: 'rating' })).toBe('?sort=rating');
  });

  it('encodes Unicode and reserved characters so they read back the same', () => {
    const filters = { ...NO_FILTERS, categories: ['café', '家電'], brands: ['a-b'] };
    const search = catalogueSearch(filters);
    expect(search).toBe('?category=caf%C3%A9,%E5%AE%B6%E9%9B%BB&brand=a-b');
    expect(read(search.slice(1))).toEqual(filters);
  });

  it("leaves out the page's own category or brand", () => {
    const filters = withFixed({ ...NO_FILTERS, brands: ['apple'] }, { category: 'phones' });
    expect(filters.categories).toEqual(['phones']);
    expect(catalogueSearch(filters, { category: 'phones' })).toBe('?brand=apple');
    expect(catalogueSearch(withFixed(NO_FILTERS, { brand: 'apple' }), { brand: 'apple' })).toBe('');
  });

  it('reads back what it wrote', () => {
    expect(read(catalogueSearch(every).slice(1))).toEqual(every);
  });
});

describe('productListParams', () => {
  it('asks the API for the keyword, the page, every filter and the sort', () => {
    expect(productListParams(every, {}, 'lamp', '2')).toEqual({
      keyword: 'lamp',
      pageNumber: '2',
      category: 'phones,cameras',
      brand: 'apple',
      option: ['Size:M,L', 'Colour:Blue'],
      minPrice: '10',
      maxPrice: '49.99',
      inStock: '1',
      minRating: '4',
      sort: 'price-asc',
    });
  });

  it('sends one option parameter per option', () => {
    const search = productListSearch(productListParams(every, {}, undefined, '1'));
    expect(search.getAll('option')).toEqual(['Size:M,L', 'Colour:Blue']);
    expect(search.get('brand')).toBe('apple');
  });

  it("adds the page's own category, first and once, and leaves out what is not set", () => {
    expect(
      productListParams(
        { ...NO_FILTERS, categories: ['cameras', 'phones'] },
        { category: 'phones' },
        undefined,
        '1',
      ),
    ).toEqual({ pageNumber: '1', category: 'phones,cameras' });
    expect(productListParams(NO_FILTERS, { brand: 'apple' }, '', '1')).toEqual({
      pageNumber: '1',
      brand: 'apple',
    });
  });
});

describe('changing the filters', () => {
  it('toggles a slug in and out of its list', () => {
    expect(toggleSlug(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleSlug(['a', 'b'], 'a')).toEqual(['b']);
  });

  it("toggles an option's value, the option gone with its last value", () => {
    expect(toggleOptionValue({}, 'Size', 'M')).toEqual({ Size: ['M'] });
    expect(toggleOptionValue({ Size: ['M'] }, 'Size', 'L')).toEqual({ Size: ['M', 'L'] });
    expect(toggleOptionValue({ Size: ['M'], Colour: ['Blue'] }, 'Size', 'M')).toEqual({
      Colour: ['Blue'],
    });
  });

  it('clears every filter but keeps the sort', () => {
    expect(clearFilters(every)).toEqual({ ...NO_FILTERS, sort: 'price-asc' });
    expect(hasFilters(clearFilters(every))).toBe(false);
    expect(hasFilters(every)).toBe(true);
  });

  it("counts neither the sort nor the page's own category as a filter", () => {
    expect(hasFilters({ ...NO_FILTERS, sort: 'rating' })).toBe(false);
    const own = withFixed(NO_FILTERS, { category: 'phones' });
    expect(hasFilters(own, { category: 'phones' })).toBe(false);
    expect(hasFilters({ ...own, inStock: true }, { category: 'phones' })).toBe(true);
  });
});

describe('filterChips', () => {
  const names = {
    categories: new Map([
      ['phones', 'Phones'],
      ['cameras', 'Cameras & Lenses'],
    ]),
    brands: new Map([['apple', 'Apple']]),
  };
  const money = (amount: string) => `$${Number(amount).toFixed(2)}`;

  it('makes one chip a filter, named for what it removes', () => {
    const chips = filterChips(every, names, {}, money);
    expect(chips.map((chip) => [chip.label, chip.removeLabel])).toEqual([
      ['Category: Phones', 'Remove filter: Category Phones'],
      ['Category: Cameras & Lenses', 'Remove filter: Category Cameras & Lenses'],
      ['Brand: Apple', 'Remove filter: Brand Apple'],
      ['Size: M', 'Remove filter: Size M'],
      ['Size: L', 'Remove filter: Size L'],
      ['Colour: Blue', 'Remove filter: Colour Blue'],
      ['Price: $10.00 to $49.99', 'Remove filter: Price $10.00 to $49.99'],
      ['In stock only', 'Remove filter: In stock only'],
      ['Rating: 4 & up', 'Remove filter: Rating 4 and up'],
    ]);
  });

  it('removes only its own filter', () => {
    const chips = filterChips(every, names, {}, money);
    expect(chips[0]?.without).toEqual({ ...every, categories: ['cameras'] });
    expect(chips[2]?.without).toEqual({ ...every, brands: [] });
    expect(chips[3]?.without).toEqual({ ...every, options: { Size: ['L'], Colour: ['Blue'] } });
    expect(chips[5]?.without).toEqual({ ...every, options: { Size: ['M', 'L'] } });
    expect(chips[6]?.without).toEqual({ ...every, minPrice: undefined, maxPrice: undefined });
    expect(chips[7]?.without).toEqual({ ...every, inStock: false });
    expect(chips[8]?.without).toEqual({ ...every, minRating: undefined });
  });

  it('says an open price range as such, and a slug without a name as itself', () => {
    const labels = (filters: Partial<CatalogueFilters>) =>
      filterChips({ ...NO_FILTERS, ...filters }, names, {}, money).map((chip) => chip.label);
    expect(labels({ minPrice: '10' })).toEqual(['Price: from $10.00']);
    expect(labels({ maxPrice: '50' })).toEqual(['Price: up to $50.00']);
    expect(labels({ brands: ['gone'] })).toEqual(['Brand: gone']);
  });

  it("has no chip for the page's own category", () => {
    const filters = withFixed({ ...NO_FILTERS, categories: ['cameras'] }, { category: 'phones' });
    expect(
      filterChips(filters, names, { category: 'phones' }, money).map((chip) => chip.label),
    ).toEqual(['Category: Cameras & Lenses']);
  });
});
