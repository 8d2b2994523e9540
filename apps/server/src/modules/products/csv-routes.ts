import fastifyMultipart from '@fastify/multipart';
import { MAX_IMPORT_CSV_BYTES, MAX_IMPORT_ZIP_BYTES } from '@proshop/domain/product-csv';
import {
  productImportRefusedSchema,
  productImportReportSchema,
} from '@proshop/domain/product-import-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalid, tooLarge, unsupportedMedia } from '../../errors/app-error.ts';
import { errorResponses } from '../../errors/error-responses.ts';
import { currentUser } from '../auth/access-plugin.ts';
import { exportProducts } from './csv-export.ts';
import { importProductCsv, IMPORTED_IN_PART, type ImportInput } from './csv-import.ts';

const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;
const NO_CSV = 'Choose the CSV file to import (form field "file")';
const CSV_TOO_LARGE = `The CSV file can be at most ${mb(MAX_IMPORT_CSV_BYTES)}`;
const ZIP_TOO_LARGE = `The ZIP of pictures can be at most ${mb(MAX_IMPORT_ZIP_BYTES)}`;
const NOTHING_IMPORTED = 'Nothing was imported: fix the errors and check the file again';

/** The form of an import: `file` (the CSV), `pictures` (a ZIP, optional), `dryRun` (true or false). */
async function readImportForm(request: FastifyRequest): Promise<ImportInput> {
  if (!request.isMultipart()) throw unsupportedMedia(NO_CSV);
  const form: Partial<ImportInput> = { dryRun: true };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'dryRun') throw invalid(`Unknown field ${part.fieldname}`);
        if (part.value !== 'true' && part.value !== 'false') {
          throw invalid('dryRun must be true or false');
        }
        form.dryRun = part.value === 'true';
      } else if (part.fieldname === 'file') {
        form.csv = await part.toBuffer();
        if (form.csv.length > MAX_IMPORT_CSV_BYTES) throw tooLarge(CSV_TOO_LARGE);
      } else if (part.fieldname === 'pictures') {
        form.zip = await part.toBuffer();
      } else {
        throw invalid(`Unknown file field ${part.fieldname}: send file and pictures`);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(ZIP_TOO_LARGE);
    throw invalid(NO_CSV);
  }
  if (!form.csv) throw invalid(NO_CSV);
  return { csv: form.csv, zip: form.zip, dryRun: form.dryRun ?? true };
}

/** The products' CSV export and import (docs/decisions/0024); multipart is parsed here only. */
export const productCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMPORT_ZIP_BYTES, files: 2, fields: 1, parts: 3, fieldSize: 16 },
    throwFileSizeLimit: true,
  });

  app.get(
    '/api/products/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary:
          'Every product as CSV, one line per variant, in the columns the import reads (admin)',
        response: {
          200: {
            description: 'The CSV file (UTF-8 with a byte order mark, CRLF line ends)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const csv = exportProducts(app.readDb(request), app.clock.now());
      csv.stream.on('error', (error) =>
        request.log.error({ err: error }, 'products export failed'),
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csv.fileName}"`)
          // A stream is sent as it comes, past the serialiser: the schema's string is its bytes.
          .send(csv.stream as unknown as string)
      );
    },
  );

  app.post(
    '/api/products/import',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary:
          'Check (dryRun, the default) or import a CSV of products with a ZIP of pictures: every line with what it changes, every error with its line and column; each product is imported whole or not at all, in batches that each commit (422 with the errors)',
        consumes: ['multipart/form-data'],
        response: {
          200: productImportReportSchema,
          422: productImportRefusedSchema,
          ...errorResponses(400, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const form = await readImportForm(request);
      const deps = {
        db: app.db,
        catalogue: app.catalogue,
        storage: app.imageStorage,
        log: request.log,
        backInStock: app.backInStock,
      };
      const report = await importProductCsv(deps, currentUser(request), form);
      if (!report.dryRun && !report.applied) {
        // Batches committed before the one refused stay (docs/decisions/0048): say so.
        const partly = report.errors.find((error) => error.message.startsWith(IMPORTED_IN_PART));
        return reply.code(422).send({ message: partly?.message ?? NOTHING_IMPORTED, ...report });
      }
      return report;
    },
  );
};
