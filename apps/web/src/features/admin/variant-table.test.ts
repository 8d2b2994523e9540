import { describe, expect, it } from 'vitest';
import {
  parseValues,
  requestProblem,
  rowLabel,
  productOptions,
  suggestSku,
  tableFromProduct,
  variantsRequest,
  withAllCombinations,
  withBulkEdit,
  withOptionAdded,
  withOptionRemoved,
  type OptionDraft,
  type VariantRow,
} from './variant-table.ts';

function counter() {
  let key = 0;
  return () => ++key;
}

const sizeAndColour: OptionDraft[] = [
  { key: 1, name: 'Size', valuesText: 'S, M,L' },
  { key: 2, name: ' Colour ', valuesText: 'Red, , Blue' },
];

function row(values: string[], fields: Partial<VariantRow> = {}): VariantRow {
  return {
    key: 0,
    values,
    sku: `X-${values.join('-')}`,
    price: '',
    countInStock: '0',
    weightGrams: '',
    image: '',
    active: true,
    selected: false,
    ...fields,
  };
}

describe("the admin's variant table", () => {
  it('reads the options as typed: values separated by commas, trimmed, blanks dropped', () => {
    expect(parseValues(' S, M,,L ,')).toEqual(['S', 'M', 'L']);
    expect(productOptions(sizeAndColour)).toEqual([
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ]);
  });

  it("starts from the product's options and variants, none for a product without options", () => {
    const product = {
      options: [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Red'] },
      ],
      variants: [
        {
          _id: 'v1',
          sku: 'TS-S-RED',
          // Key order of the server's jsonb is not the options' order.
          options: { Colour: 'Red', Size: 'S' },
          price: 12.5,
          countInStock: 3,
          image: '/images/red.webp',
          active: false,
        },
        {
          _id: 'v2',
          sku: 'TS-M-RED',
          options: { Size: 'M', Colour: 'Red' },
          price: null,
          countInStock: 0,
          image: null,
          active: true,
        },
      ],
    };
    const { options, rows } = tableFromProduct(product, counter());
    expect(options.map(({ name, valuesText }) => ({ name, valuesText }))).toEqual([
      { name: 'Size', valuesText: 'S, M' },
      { name: 'Colour', valuesText: 'Red' },
    ]);
    expect(rows).toMatchObject([
      {
        _id: 'v1',
        values: ['S', 'Red'],
        sku: 'TS-S-RED',
        price: '12.5',
        countInStock: '3',
        image: '/images/red.webp',
        active: false,
        selected: false,
      },
      { _id: 'v2', values: ['M', 'Red'], price: '', countInStock: '0', image: '', active: true },
    ]);
    expect(new Set([...options, ...rows].map((item) => item.key)).size).toBe(4);

    // A variant's weight, when the answer carries one.
    const weighed = { ...product.variants[0]!, weightGrams: 750 };
    const withWeight = tableFromProduct({ ...product, variants: [weighed] }, counter());
    expect(withWeight.rows.map((r) => r.weightGrams)).toEqual(['750']);
    expect(rows.map((r) => r.weightGrams)).toEqual(['', '']);

    const implicit = { ...product.variants[1]!, options: {} };
    expect(tableFromProduct({ options: [], variants: [implicit] }, counter())).toEqual({
      options: [],
      rows: [],
    });
  });

  it('suggests SKUs from the first letters of the name and the values, unique in the table', () => {
    expect(suggestSku('Trail Shirt', ['M', 'Navy blue'], new Set())).toBe('TS-M-NAVYBLUE');
    expect(suggestSku('Café crème 2', ['Größe XL'], new Set())).toBe('CC2-GROSSEXL');
    expect(suggestSku('Trail Shirt', ['M'], new Set(['ts-m', 'ts-m-2']))).toBe('TS-M-3');
    expect(suggestSku('!!!', ['M'], new Set())).toBe('P-M');
    const long = suggestSku('Shirt', ['A'.repeat(50), 'B'.repeat(50)], new Set());
    expect(long.length).toBeLessThanOrEqual(60);
    expect(
      suggestSku('Shirt', ['A'.repeat(50), 'B'.repeat(50)], new Set([long.toLowerCase()])),
    ).toBe(`${long}-2`);
  });

  it('generates every missing combination after the rows there are, which stay as they were', () => {
    const kept = row(['M', 'Blue'], { key: 99, _id: 'v1', sku: 'TS-S-RED', countInStock: '4' });
    const rows = withAllCombinations(sizeAndColour, [kept], 'Trail Shirt', counter());
    expect(rows[0]).toBe(kept);
    expect(rows.slice(1).map((r) => [r.values, r.sku])).toEqual([
      [['S', 'Red'], 'TS-S-RED-2'],
      [['S', 'Blue'], 'TS-S-BLUE'],
      [['M', 'Red'], 'TS-M-RED'],
      [['L', 'Red'], 'TS-L-RED'],
      [['L', 'Blue'], 'TS-L-BLUE'],
    ]);
    expect(rows[1]).toMatchObject({ price: '', countInStock: '0', image: '', active: true });
    expect(rows[1]!._id).toBeUndefined();
    // Generating again adds nothing.
    expect(withAllCombinations(sizeAndColour, rows, 'Trail Shirt', counter())).toEqual(rows);
    // An option without values yet has no combinations.
    const unfinished = [...sizeAndColour, { key: 3, name: 'Fit', valuesText: ' ' }];
    expect(withAllCombinations(unfinished, [kept], 'Trail Shirt', counter())).toEqual([kept]);
  });

  it("keeps each row's choice when an option is added or removed", () => {
    const rows = [row(['S', 'Red']), row(['M', 'Blue'])];
    expect(withOptionAdded(rows).map((r) => r.values)).toEqual([
      ['S', 'Red', ''],
      ['M', 'Blue', ''],
    ]);
    expect(withOptionRemoved(rows, 0).map((r) => r.values)).toEqual([['Red'], ['Blue']]);
  });

  it('sets stock and/or price on the selected rows only; a blank field changes nothing', () => {
    const rows = [
      row(['S'], { selected: true, price: '10', countInStock: '1' }),
      row(['M'], { price: '11', countInStock: '2' }),
      row(['L'], { selected: true, price: '', countInStock: '3' }),
    ];
    const stocked = withBulkEdit(rows, { countInStock: ' 7 ', price: '' });
    expect(stocked.map((r) => [r.countInStock, r.price])).toEqual([
      ['7', '10'],
      ['2', '11'],
      ['7', ''],
    ]);
    const priced = withBulkEdit(rows, { countInStock: '', price: '19.99' });
    expect(priced.map((r) => [r.countInStock, r.price])).toEqual([
      ['1', '19.99'],
      ['2', '11'],
      ['3', '19.99'],
    ]);
  });

  it('builds the request of the table and names the row or option the server would refuse', () => {
    const rows = [
      row(['S', 'Red'], { _id: 'v1', sku: ' TS-S-RED ', price: '12.50', countInStock: '3' }),
      row(['M', 'Blue'], { sku: 'TS-M-BLUE', image: '/images/blue.webp', active: false }),
    ];
    const request = variantsRequest('p1', sizeAndColour, rows);
    expect(request).toEqual({
      options: [
        { name: 'Size', values: ['S', 'M', 'L'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
      variants: [
        {
          _id: 'v1',
          sku: 'TS-S-RED',
          options: { Size: 'S', Colour: 'Red' },
          price: 12.5,
          countInStock: 3,
          weightGrams: null,
          image: null,
          active: true,
        },
        {
          sku: 'TS-M-BLUE',
          options: { Size: 'M', Colour: 'Blue' },
          price: null,
          countInStock: 0,
          weightGrams: null,
          image: '/images/blue.webp',
          active: false,
        },
      ],
    });
    const options = productOptions(sizeAndColour);
    const labels = rows.map((r, i) => rowLabel(options, r, i));
    expect(labels).toEqual(['Size: S, Colour: Red', 'Size: M, Colour: Blue']);
    expect(requestProblem(request, labels)).toBeUndefined();

    const problem = (changed: VariantRow[], drafts = sizeAndColour) =>
      requestProblem(
        variantsRequest('p1', drafts, changed),
        changed.map((r, i) => rowLabel(productOptions(drafts), r, i)),
      );
    expect(problem([rows[0]!, { ...rows[1]!, countInStock: '' }])).toBe(
      'Size: M, Colour: Blue: Count in stock must be a number',
    );
    expect(problem([rows[0]!, { ...rows[1]!, price: '-1' }])).toBe(
      'Size: M, Colour: Blue: Price must be 0 or more',
    );
    expect(problem([{ ...rows[0]!, sku: 'TS S' }])).toMatch(/^Size: S, Colour: Red: SKU: letters/);
    expect(problem([rows[0]!, { ...rows[1]!, values: ['M', ''] }])).toBe(
      'TS-M-BLUE: choose a Colour',
    );
    expect(problem([rows[0]!, { ...rows[1]!, sku: 'ts-s-red' }])).toBe(
      'SKU ts-s-red is used twice',
    );
    expect(problem([rows[0]!, { ...rows[1]!, values: ['S', 'Red'] }])).toBe(
      'The combination Size: S, Colour: Red is listed twice',
    );
    expect(problem(rows, [sizeAndColour[0]!, { key: 2, name: 'Colour', valuesText: '' }])).toBe(
      'Colour: Each option needs at least one value',
    );
    expect(problem(rows, [{ key: 1, name: '', valuesText: 'S' }])).toBe(
      'Option 1: Option name is required',
    );
    expect(problem([])).toBe('A product needs at least one variant');

    // A weight is whole grams, 0 or more, or none.
    const weighed = variantsRequest('p1', sizeAndColour, [
      { ...rows[0]!, weightGrams: ' 1200 ' },
      { ...rows[1]!, weightGrams: '0' },
    ]);
    expect(weighed.variants.map((variant) => variant.weightGrams)).toEqual([1200, 0]);
    expect(requestProblem(weighed, labels)).toBeUndefined();
    // In the server's words (the domain's variant schema), naming the variant.
    const refusals = {
      '1.5': 'Weight is in whole grams',
      '-1': 'Weight must be 0 or more',
      heavy: 'Weight must be a number',
      '2000000': 'Weight is too large',
    };
    for (const [weightGrams, message] of Object.entries(refusals)) {
      expect(problem([rows[0]!, { ...rows[1]!, weightGrams }]), weightGrams).toBe(
        `Size: M, Colour: Blue: ${message}`,
      );
    }
  });

  it('sends one variant choosing nothing when the admin removed every option', () => {
    const request = variantsRequest('0f8fad5b-d9cb-469f-a165-70867728950e', [], [row(['S'])]);
    expect(request).toEqual({
      options: [],
      variants: [
        {
          sku: 'P-0F8FAD5BD9CB',
          options: {},
          price: null,
          countInStock: 0,
          weightGrams: null,
          image: null,
          active: true,
        },
      ],
    });
    expect(requestProblem(request, [])).toBeUndefined();
  });
});
