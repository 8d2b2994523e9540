import { describe, expect, it } from 'vitest';
import { multiLineText, oneLineText } from './text-fields.ts';

describe('text fields', () => {
  const name = oneLineText('Name');
  const comment = multiLineText('Comment');

  it('refuses control characters and line breaks on one line, with a message naming the field', () => {
    for (const bad of [
      'a\u0000b',
      'a\nb',
      'a\rb',
      'a\tb',
      'a\u001bb',
      'a\u007fb',
      'a\u0085b',
      'a\u2028b',
    ]) {
      const result = name.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'Name must be one line, without line breaks or control characters',
      );
    }
    expect(name.parse('  Zoë O’Brien-Łukasz 李 ')).toBe('Zoë O’Brien-Łukasz 李');
  });

  it('lets several lines and tabs through where text may run over lines, and nothing else', () => {
    expect(comment.parse('Good.\n\nReally\tgood.\r\n')).toBe('Good.\n\nReally\tgood.');
    for (const bad of ['a\u0000b', 'a\u0007b', 'a\u000bb', 'a\u009bb']) {
      expect(comment.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
