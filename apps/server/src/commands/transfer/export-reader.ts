import type { z } from 'zod';
import { TransferError } from './transfer-error.ts';
import type { Row } from './export-format.ts';

/**
 * Reads an export line by line for the import, counting lines so that every complaint says
 * where the file went wrong. A file that stops early is "incomplete"; anything unexpected is
 * "damaged".
 */
export class ExportReader {
  private lineNumber = 0;
  private readonly lines: AsyncIterator<string>;

  constructor(lines: AsyncIterable<string>) {
    this.lines = lines[Symbol.asyncIterator]();
  }

  /** The next line; `expected` names what should be there, for the message when nothing is. */
  async next(expected: string): Promise<string> {
    const result = await this.lines.next();
    if (result.done) {
      throw new TransferError(
        `The export file is incomplete: it stops after line ${this.lineNumber}, where ${expected} should follow. Export the shop again.`,
      );
    }
    this.lineNumber += 1;
    return result.value;
  }

  /** True when nothing follows the last record. */
  async atEnd(): Promise<boolean> {
    const result = await this.lines.next();
    return result.done === true;
  }

  damaged(problem: string): TransferError {
    return new TransferError(
      `The export file is damaged at line ${this.lineNumber}: ${problem}. Export the shop again.`,
    );
  }

  /** The next line as a record of the given shape. */
  async record<Schema extends z.ZodType>(
    schema: Schema,
    expected: string,
  ): Promise<z.infer<Schema>> {
    return this.parse(await this.next(expected), schema, expected);
  }

  parse<Schema extends z.ZodType>(text: string, schema: Schema, expected: string): z.infer<Schema> {
    const parsed = schema.safeParse(this.json(text));
    if (!parsed.success) throw this.damaged(`expected ${expected}`);
    return parsed.data;
  }

  /** A row line: an array of as many texts or nulls as the table has columns. */
  row(text: string, columns: number): Row {
    const value = this.json(text);
    if (
      !Array.isArray(value) ||
      value.length !== columns ||
      !value.every((item) => item === null || typeof item === 'string')
    ) {
      throw this.damaged(`expected a row of ${columns} values`);
    }
    return value as Row;
  }

  /** Lets go of the file when the import stops before its end. */
  async close(): Promise<void> {
    await this.lines.return?.();
  }

  private json(text: string): unknown {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw this.damaged('the line is not valid JSON');
    }
  }
}
