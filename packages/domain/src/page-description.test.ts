import { describe, expect, it } from 'vitest';
import { pageDescription } from './page-description.ts';

describe('pageDescription', () => {
  it('keeps a short text whole, on one line', () => {
    expect(pageDescription('  A sturdy mug.\n\nHolds  300 ml. ')).toBe(
      'A sturdy mug. Holds 300 ml.',
    );
  });

  it('keeps a text of exactly the length', () => {
    const text = 'a'.repeat(160);
    expect(pageDescription(text)).toBe(text);
  });

  it('cuts a long text after a whole word, with an ellipsis, within the length', () => {
    const text = `${'word '.repeat(40)}end`;
    const description = pageDescription(text);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^(word )+word…$/);
  });

  it('drops the punctuation before the ellipsis', () => {
    expect(pageDescription('One two three, four five six', 16)).toBe('One two three…');
  });

  it('cuts inside a word when no word ends in the last third', () => {
    expect(pageDescription(`ab ${'x'.repeat(200)}`, 12)).toBe(`ab ${'x'.repeat(8)}…`);
    expect(pageDescription('x'.repeat(200)).length).toBe(160);
  });
});
