import { describe, expect, it } from 'vitest';
import {
  choicePicture,
  choosePrompt,
  chooseValue,
  initialChoice,
  missingOptions,
} from './variant-choice.ts';

const options = [
  { name: 'Size', values: ['S', 'M', 'L'] },
  { name: 'Colour', values: ['Blue', 'Red'] },
];

const variant = (
  id: string,
  size: string,
  colour: string,
  image: string | null,
  active = true,
) => ({
  _id: id,
  options: { Size: size, Colour: colour },
  image,
  active,
});

// L in Red is not offered; M in Red is switched off.
const variants = [
  variant('s-blue', 'S', 'Blue', '/blue.webp'),
  variant('m-blue', 'M', 'Blue', '/blue.webp'),
  variant('l-blue', 'L', 'Blue', '/blue.webp'),
  variant('s-red', 'S', 'Red', '/red.webp'),
  variant('m-red', 'M', 'Red', '/red.webp', false),
];

describe('initialChoice', () => {
  it('opens with the variant the address names', () => {
    expect(initialChoice(options, variants, 's-red')).toEqual({ Size: 'S', Colour: 'Red' });
  });

  it('opens with nothing chosen without a variant, or with one the product does not have', () => {
    expect(initialChoice(options, variants, null)).toEqual({});
    expect(initialChoice(options, variants, 'gone')).toEqual({});
  });

  it('chooses the options that have a single value', () => {
    const fit = [...options, { name: 'Fit', values: ['Regular'] }];
    expect(initialChoice(fit, variants, null)).toEqual({ Fit: 'Regular' });
  });
});

describe('chooseValue', () => {
  it('keeps the other values when the shop offers the combination', () => {
    expect(chooseValue(options, variants, { Colour: 'Blue' }, 'Size', 'L')).toEqual({
      Size: 'L',
      Colour: 'Blue',
    });
    expect(chooseValue(options, variants, { Size: 'S', Colour: 'Red' }, 'Size', 'M')).toEqual({
      Size: 'M',
    });
  });

  it('drops a value the new one is not offered with', () => {
    expect(chooseValue(options, variants, { Colour: 'Red' }, 'Size', 'L')).toEqual({ Size: 'L' });
  });

  it('replaces the value chosen for the same option', () => {
    expect(chooseValue(options, variants, { Size: 'S', Colour: 'Blue' }, 'Colour', 'Red')).toEqual({
      Size: 'S',
      Colour: 'Red',
    });
  });
});

describe('missingOptions and choosePrompt', () => {
  it('names the options still to choose, in the product order', () => {
    expect(missingOptions(options, {})).toEqual(['Size', 'Colour']);
    expect(missingOptions(options, { Size: 'M' })).toEqual(['Colour']);
    expect(missingOptions(options, { Size: 'M', Colour: 'Blue' })).toEqual([]);
  });

  it('asks for one, two or three options', () => {
    expect(choosePrompt(['Size'])).toBe('Choose a Size');
    expect(choosePrompt(['Size', 'Colour'])).toBe('Choose a Size and Colour');
    expect(choosePrompt(['Size', 'Colour', 'Fit'])).toBe('Choose a Size, Colour and Fit');
  });
});

describe('choicePicture', () => {
  it('is the chosen variant’s picture, null for the main one', () => {
    expect(choicePicture(variants, {}, variants[3])).toBe('/red.webp');
    expect(choicePicture(variants, {}, variant('x', 'S', 'Blue', null))).toBeNull();
  });

  it('is the picture every variant of a partial choice shares', () => {
    expect(choicePicture(variants, { Colour: 'Blue' }, undefined)).toBe('/blue.webp');
    // M in Red is off: the M on offer is blue only.
    expect(choicePicture(variants, { Size: 'M' }, undefined)).toBe('/blue.webp');
  });

  it('says nothing for no choice, or one whose variants differ in picture', () => {
    expect(choicePicture(variants, {}, undefined)).toBeUndefined();
    expect(choicePicture(variants, { Size: 'S' }, undefined)).toBeUndefined();
  });
});
