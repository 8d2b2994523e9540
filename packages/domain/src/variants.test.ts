import { describe, expect, it } from 'vitest';
import {
  allCombinations,
  checkVariantSet,
  defaultSku,
  findVariant,
  isBuyable,
  lineLabel,
  optionValues,
  priceRange,
  stockOnOffer,
  valueAvailable,
  variantPrice,
  type ProductOption,
} from './variants.ts';
import { optionFilterParameters, parseOptionFilters } from './catalogue-query.ts';

const options: ProductOption[] = [
  { name: 'Size', values: ['S', 'M', 'L'] },
  { name: 'Colour', values: ['Blue', 'Green'] },
];
const variant = (
  size: string,
  colour: string,
  extra: Partial<{ price: number | null; countInStock: number; active: boolean }> = {},
) => ({
  sku: `TS-${colour}-${size}`,
  options: { Size: size, Colour: colour },
  price: null,
  countInStock: 3,
  active: true,
  ...extra,
});

describe('variant prices and availability', () => {
  it('sells at its own price, else the product’s', () => {
    expect(variantPrice(20, { price: null })).toBe(20);
    expect(variantPrice(20, { price: 24.5 })).toBe(24.5);
    expect(variantPrice(20, { price: 0 })).toBe(0);
  });

  it('is buyable only on and in stock', () => {
    expect(isBuyable({ active: true, countInStock: 1 })).toBe(true);
    expect(isBuyable({ active: true, countInStock: 0 })).toBe(false);
    expect(isBuyable({ active: false, countInStock: 5 })).toBe(false);
  });

  it('has its stock on offer while on, none once switched off', () => {
    expect(stockOnOffer({ active: true, countInStock: 7 })).toBe(7);
    expect(stockOnOffer({ active: true, countInStock: 0 })).toBe(0);
    expect(stockOnOffer({ active: false, countInStock: 5 })).toBe(0);
  });

  it('ranges over the variants on offer only', () => {
    const variants = [
      variant('S', 'Blue'),
      variant('L', 'Blue', { price: 26 }),
      variant('M', 'Green', { price: 99, active: false }),
    ];
    expect(priceRange(20, variants)).toEqual({ min: 20, max: 26 });
    expect(priceRange(20, [])).toEqual({ min: 20, max: 20 });
  });

  it('marks the values that lead to nothing buyable with the other choices kept', () => {
    const variants = [
      variant('S', 'Blue'),
      variant('M', 'Blue', { countInStock: 0 }),
      variant('L', 'Green'),
    ];
    expect(valueAvailable(variants, { Colour: 'Blue' }, 'Size', 'S')).toBe(true);
    expect(valueAvailable(variants, { Colour: 'Blue' }, 'Size', 'M')).toBe(false); // sold out
    expect(valueAvailable(variants, { Colour: 'Blue' }, 'Size', 'L')).toBe(false); // not offered
    expect(valueAvailable(variants, {}, 'Size', 'L')).toBe(true);
    // Changing a chosen value is judged with the other choices only.
    expect(valueAvailable(variants, { Size: 'S', Colour: 'Blue' }, 'Colour', 'Green')).toBe(false);
  });

  it('finds a variant by its choice whatever the order of names', () => {
    const variants = [variant('S', 'Blue'), variant('M', 'Green')];
    expect(findVariant(variants, { Colour: 'Green', Size: 'M' })?.sku).toBe('TS-Green-M');
    expect(findVariant(variants, { Size: 'M' })).toBeUndefined();
  });
});

describe('labels', () => {
  it('names the options in the product’s order', () => {
    const values = optionValues(options, { Colour: 'Blue', Size: 'M' });
    expect(values).toEqual([
      { name: 'Size', value: 'M' },
      { name: 'Colour', value: 'Blue' },
    ]);
    expect(lineLabel('Trail Shirt', values)).toBe('Trail Shirt — Size: M, Colour: Blue');
    expect(lineLabel('Lamp', [])).toBe('Lamp');
    expect(lineLabel('Lamp', undefined)).toBe('Lamp');
  });
});

describe('combinations', () => {
  it('generates every combination in the options’ order', () => {
    const all = allCombinations(options);
    expect(all).toHaveLength(6);
    expect(all[0]).toEqual({ Size: 'S', Colour: 'Blue' });
    expect(all[1]).toEqual({ Size: 'S', Colour: 'Green' });
    expect(allCombinations([])).toEqual([{}]);
  });
});

describe('checkVariantSet', () => {
  it('accepts a consistent set, and one implicit variant without options', () => {
    expect(checkVariantSet(options, [variant('S', 'Blue'), variant('M', 'Blue')])).toBeUndefined();
    expect(checkVariantSet([], [{ sku: 'X', options: {} }])).toBeUndefined();
  });

  it('refuses bad input as invalid', () => {
    const problems = [
      checkVariantSet([...options, { name: 'size', values: ['X'] }], [variant('S', 'Blue')]),
      checkVariantSet(
        [{ name: 'Size', values: ['S', 's'] }],
        [{ sku: 'A', options: { Size: 'S' } }],
      ),
      checkVariantSet(
        [],
        [
          { sku: 'A', options: {} },
          { sku: 'B', options: {} },
        ],
      ),
      checkVariantSet(options, [{ sku: 'A', options: { Size: 'S' } }]),
      checkVariantSet(options, [{ sku: 'A', options: { Size: 'XL', Colour: 'Blue' } }]),
      checkVariantSet(options, [{ sku: 'A', options: { Size: 'S', Colour: 'Blue', Fit: 'Slim' } }]),
    ];
    for (const problem of problems) expect(problem?.kind).toBe('invalid');
  });

  it('calls a combination or SKU named twice a conflict', () => {
    expect(
      checkVariantSet(options, [variant('S', 'Blue'), { ...variant('S', 'Blue'), sku: 'OTHER' }]),
    ).toEqual({
      kind: 'conflict',
      message: 'The combination Size: S, Colour: Blue is listed twice',
    });
    expect(
      checkVariantSet(options, [
        variant('S', 'Blue'),
        { ...variant('M', 'Blue'), sku: 'ts-blue-s' },
      ]),
    ).toEqual({ kind: 'conflict', message: 'SKU ts-blue-s is used twice' });
  });

  it('makes a default SKU from the product id', () => {
    expect(defaultSku('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('P-0F8FAD5BD9CB');
  });
});

describe('option filters', () => {
  it('parses one parameter per option and writes it back', () => {
    const parsed = parseOptionFilters(['Size:M, L', 'Colour:Blue']);
    expect(parsed).toEqual({ Size: ['M', 'L'], Colour: ['Blue'] });
    expect(optionFilterParameters(parsed as Record<string, string[]>)).toEqual([
      'Size:M,L',
      'Colour:Blue',
    ]);
  });

  it('answers a message for what it cannot read', () => {
    for (const bad of [
      ['Size'],
      [':M'],
      ['Size:'],
      ['Size:M', 'Size:L'],
      ['A:1', 'B:1', 'C:1', 'D:1'],
    ]) {
      expect(typeof parseOptionFilters(bad)).toBe('string');
    }
  });
});
