/**
 * CSV as spreadsheets read and write it (RFC 4180): comma-separated, fields with a comma, quote,
 * or line break quoted, quotes doubled, lines ended by CRLF. One copy for every CSV the shop
 * writes (orders and products export) or reads (products import).
 */

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection): a
 * customer's name `=HYPERLINK(...)` in an export would run in the merchant's spreadsheet.
 * Such a cell is written with a leading apostrophe, which spreadsheets show as text. Text that
 * already starts with apostrophes before one of them gets one more, so that csvText can take
 * exactly one off when the shop reads its own file back (the products' import).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** One cell: null and undefined empty, numbers as JavaScript prints them, text neutralised. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, with its CRLF. */
export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * The byte order mark that tells Excel the file is UTF-8 (without it, Excel on Windows reads
 * "Zoë" as "ZoÃ«"). Written once at the start of a file; parseCsv skips it.
 */
export const UTF8_BOM = '\uFEFF';

/** A parsed line: its cells and the line of the file it starts on (1 first), for messages. */
export interface CsvRow {
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
  }
}

/**
 * Reads a whole CSV text into rows, the header included. Accepts CRLF or LF line ends, a UTF-8
 * byte order mark and a missing final line end; blank lines are skipped. Throws CsvSyntaxError
 * with the line for a quote left open or text after a closing quote. Does not undo csvCell's
 * apostrophe: a cell read back keeps what the spreadsheet showed.
 */
export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let afterQuote = false;
  let i = text.startsWith(UTF8_BOM) ? 1 : 0;
  const endCell = () => {
    cells.push(cell);
    cell = '';
    afterQuote = false;
  };
  const endRow = () => {
    endCell();
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
  };
  // Text between the characters that matter is taken as one slice, not a character at a time:
  // three times faster on a large file (bench/csv.ts).
  const cellEnd = /[,\r\n]/g;
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        const quote = text.indexOf('"', i);
        const end = quote === -1 ? text.length : quote;
        const run = text.slice(i, end);
        for (let at = run.indexOf('\n'); at !== -1; at = run.indexOf('\n', at + 1)) line++;
        cell += run;
        i = end - 1;
      }
      continue;
    }
    if (char === ',') endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else if (afterQuote) {
      throw new CsvSyntaxError(line, 'text after a closing quote; quote the whole cell');
    } else if (char === '"' && cell === '') quoted = true;
    else {
      // A quote inside an unquoted cell is text, as before: the run goes to the cell's end.
      cellEnd.lastIndex = i;
      const end = cellEnd.exec(text)?.index ?? text.length;
      cell += text.slice(i, end);
      i = end - 1;
    }
  }
  if (quoted) throw new CsvSyntaxError(rowLine, 'a quoted cell is not closed');
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/**
 * The text a cell written by csvCell held: the apostrophe put before a formula is taken off
 * ("'=cmd" reads "=cmd"). Any other cell is as it is.
 */
export function csvText(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
