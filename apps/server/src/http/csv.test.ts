import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, CsvSyntaxError, csvText, parseCsv, UTF8_BOM } from './csv.ts';

describe('csvCell and csvLine', () => {
  it('quotes cells with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvLine(['plain', 'a, b', 'say "hi"', 'two\nlines', 12.5, null, true])).toBe(
      'plain,"a, b","say ""hi""","two\nlines",12.5,,true\r\n',
    );
  });

  it('neutralises text a spreadsheet would run as a formula, not numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}SUM(A1)`)).toContain(`'${start}SUM(A1)`);
    }
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('Zoë 李雷 🚀')).toBe('Zoë 李雷 🚀');
  });

  it('is read back by csvText to the text it was given, apostrophes included', () => {
    for (const text of ['=cmd', "'=cmd", "''+1", "'plain", '-', 'a-b', '@home', "it's"]) {
      expect(csvText(parseCsv(csvLine([text]))[0]!.cells[0]!)).toBe(text);
    }
    expect(csvCell("'=cmd")).toBe("''=cmd");
    expect(csvText("'plain")).toBe("'plain");
  });
});

/** What a reader gets back from a cell csvCell wrote: the quotes taken off, doubled ones halved. */
const unquoted = (written: string) =>
  written.startsWith('"') ? written.slice(1, -1).replaceAll('""', '"') : written;

describe('parseCsv', () => {
  it('reads back what csvLine writes, with the line each row starts on', () => {
    const values = ['a, b', 'say "hi"', 'two\r\nlines', 'Zoë 🚀', ''];
    const text = UTF8_BOM + csvLine(['h1', 'h2', 'h3', 'h4', 'h5']) + csvLine(values) + 'x,y';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['h1', 'h2', 'h3', 'h4', 'h5'] },
      { line: 2, cells: values },
      { line: 4, cells: ['x', 'y'] },
    ]);
  });

  it('accepts LF line ends and skips blank lines', () => {
    expect(parseCsv('a,b\n\nc,d\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['c', 'd'] },
    ]);
  });

  it("reads back any cells csvLine writes, with each row's line, whatever they hold", () => {
    // Random cells of the characters that matter, in runs of every length (the reader takes the
    // text between them as slices).
    const alphabet = ['a', 'bc', ',', '"', '""', '\r', '\n', '\r\n', ' ', "'", '=', 'Zoë'];
    let seed = 7;
    const random = (below: number) => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return (seed >>> 16) % below;
    };
    const cell = () => Array.from({ length: random(6) }, () => alphabet[random(12)]!).join('');
    for (let round = 0; round < 200; round++) {
      const rows = Array.from({ length: 1 + random(4) }, () => ['x', cell(), cell(), 'y']);
      const lines = rows.map(csvLine);
      const starts = lines.map((_, k) => lines.slice(0, k).join('').split('\n').length);
      expect(parseCsv(lines.join(''))).toEqual(
        rows.map((cells, k) => ({ line: starts[k], cells: cells.map(csvCell).map(unquoted) })),
      );
    }
  });

  it('names the line of a quote left open or of text after a closing quote', () => {
    expect(() => parseCsv('a,b\n"open,c\n')).toThrow(
      new CsvSyntaxError(2, 'a quoted cell is not closed'),
    );
    expect(() => parseCsv('a\n"x"y\n')).toThrow(/^Line 2: text after a closing quote/);
  });
});
