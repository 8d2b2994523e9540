// The storefront's filter, sort and search combinations the benches time (bench/catalogue.ts,
// bench/scale.ts), each on page 1 and page 1,000 with its facets.

/** The calls, each on page 1 and page 1,000 (at 8 a page, products 7,993 to 8,000). */
export const CATALOGUE_CASES: { label: string; query: string }[] = [
  { label: 'no filter (facets of everything)', query: '' },
  { label: 'one category', query: 'category=audio' },
  {
    label: '2 categories + brand, price-asc',
    query: 'category=audio,kitchen&brand=sony&sort=price-asc',
  },
  {
    label: 'price range + in stock, best-selling',
    query: 'minPrice=100&maxPrice=600&inStock=1&sort=best-selling',
  },
  { label: 'price-desc, 4+ stars', query: 'minRating=4&sort=price-desc' },
  {
    label: '"waterproof" + 2 facets + price, newest',
    query: 'keyword=waterproof&category=audio,home&brand=sony,bose&minPrice=20&maxPrice=800',
  },
  {
    label: '"waterproof" + category + price, rating',
    query: 'keyword=waterproof&category=office&minPrice=50&maxPrice=900&sort=rating',
  },
  {
    label: '"headphones" + brand, price-asc',
    query: 'keyword=headphones&brand=sony&sort=price-asc',
  },
  { label: '"waterproof", best-selling', query: 'keyword=waterproof&sort=best-selling' },
  { label: 'option Size M, newest', query: 'option=Size:M' },
  {
    label: 'option Size L + Colour + in stock',
    query: 'option=Size:L&option=Colour:Black&inStock=1',
  },
];
