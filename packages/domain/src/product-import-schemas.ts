import { z } from 'zod';

/** What a line of the CSV does: makes a product or variant, changes one, or changes nothing. */
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** A line of the CSV and what it would do (or did). */
export const importRowSchema = z.object({
  /** The line of the file it starts on (the header is line 1). */
  line: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  /** The product it changes; null for one it makes. */
  productId: z.string().nullable(),
  name: z.string(),
  sku: z.string(),
  /** The columns whose values change (the product's own on its first line only). */
  changes: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** A problem that stops the import, with the line and column it is in (null: the whole line or file). */
export const importErrorSchema = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** POST /api/products/import: the check's (dry run's) or the import's answer. */
export const productImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** True once the import changed the catalogue; a dry run or a refused import changes nothing. */
  applied: z.boolean(),
  rows: z.array(importRowSchema),
  errors: z.array(importErrorSchema),
  /** Variants of the imported products that their lines leave out: deleted by the import. */
  removedVariants: z.array(z.object({ productId: z.string(), name: z.string(), sku: z.string() })),
  summary: z.object({
    productsCreated: z.number().int(),
    productsUpdated: z.number().int(),
    productsUnchanged: z.number().int(),
    variantsRemoved: z.number().int(),
  }),
});
export type ProductImportReport = z.infer<typeof productImportReportSchema>;

/**
 * The 422 answer of an import refused for its errors: why nothing changed, and the report (its
 * fields optional in the schema only, so that every error answer's schema requires `message`
 * alone, as the error handler's do).
 */
export const productImportRefusedSchema = productImportReportSchema.partial().extend({
  message: z.string(),
});
