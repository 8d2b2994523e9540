import { z } from 'zod';

/**
 * The export file: NDJSON, one JSON value per line, gzip-compressed when its name ends in `.gz`.
 *
 *   {"format":"proshop-export","version":1,"migration":"0004_mail_outbox",...}   header
 *   {"table":"users","columns":["id","name",...]}                                 a table starts
 *   ["6f1c...","Zoë",...]                                                        one row: each
 *                                          value as PostgreSQL prints it (text), or null
 *   {"tableEnd":"users","rows":3,"sha256":"..."}     rows counted, SHA-256 of the row lines
 *   ... the next tables, parents before children ...
 *   {"end":true,"tables":7}                                                     nothing is missing
 *
 * Values travel as PostgreSQL's text form, so timestamps keep their microseconds and money its
 * exact cents; the import hands them back to PostgreSQL to parse.
 */
export const EXPORT_FORMAT = 'proshop-export';
export const EXPORT_VERSION = 1;

export const headerSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int(),
  migration: z.string(),
  exportedAt: z.string(),
  source: z.enum(['embedded', 'postgres']),
});
export type ExportHeader = z.infer<typeof headerSchema>;

export const tableStartSchema = z.object({ table: z.string(), columns: z.array(z.string()) });

export const tableEndSchema = z.object({
  tableEnd: z.string(),
  rows: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const endSchema = z.object({ end: z.literal(true), tables: z.number().int() });

export type Row = (string | null)[];

/** How many rows of each table an export holds or an import wrote. */
export interface TableCount {
  table: string;
  rows: number;
}
