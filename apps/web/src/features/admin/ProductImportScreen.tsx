import { PRODUCT_CSV_COLUMNS } from '@proshop/domain/product-csv';
import type {
  ImportAction,
  ImportError,
  ProductImportReport,
} from '@proshop/domain/product-import-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useImportProductsMutation } from './product-admin-api.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';

export function ProductImportScreen() {
  useDocumentTitle('Import Products');
  return (
    <RequireAdmin>
      <ProductImport />
    </RequireAdmin>
  );
}

const ACTION_LABELS: Record<ImportAction, string> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'No change',
};

// A hand check of the 422 answer's body (the refused import's report), keeping zod out.
function isReport(data: unknown): data is ProductImportReport {
  return typeof data === 'object' && data !== null && 'errors' in data && 'rows' in data;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "Line 3, price: ...", or the file's own errors (line 0: the file or the ZIP as a whole). */
function errorPlace(error: ImportError): string {
  const line = error.line > 0 ? `Line ${error.line}` : 'File';
  return error.column ? `${line}, ${error.column}` : line;
}

/**
 * Import CSV: choose the products' CSV (and a ZIP of the pictures it names), Check shows every
 * line with what it would change and every error at its line and column; once a check finds
 * none, Import applies the file, all of it or nothing.
 */
function ProductImport() {
  const [file, setFile] = useState<File | null>(null);
  const [pictures, setPictures] = useState<File | null>(null);
  const [report, setReport] = useState<ProductImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [send, { isLoading }] = useImportProductsMutation();

  function choose(set: (file: File | null) => void, chosen: FileList | null) {
    set(chosen?.[0] ?? null);
    // Another file: what was checked no longer holds.
    setReport(null);
    setFailure(null);
  }

  async function run(dryRun: boolean) {
    if (!file) return;
    setFailure(null);
    const result = await send({ file, pictures, dryRun });
    if (result.data) {
      setReport(result.data);
    } else if (result.error && 'status' in result.error && isReport(result.error.data)) {
      setReport(result.error.data);
    } else {
      setReport(null);
      setFailure(result.error ? errorMessage(result.error) : 'The file could not be sent.');
    }
  }

  function handleCheck(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(true);
  }

  const checkedClean =
    report !== null && report.dryRun && report.errors.length === 0 && report.rows.length > 0;

  return (
    <>
      <Link to="/admin/productlist" className="btn btn-light mb-3">
        Go Back
      </Link>
      <h1>Import products</h1>
      <ImportHelp />
      <Form noValidate onSubmit={handleCheck} className="mb-3" style={{ maxWidth: '36rem' }}>
        <Form.Group className="mb-3" controlId="import-csv">
          <Form.Label>CSV file</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,text/csv"
            // Emptied when opened, so that the same file chosen again after a fix is read anew.
            onClick={(event) => {
              (event.target as HTMLInputElement).value = '';
              choose(setFile, null);
            }}
            onChange={(event) => choose(setFile, (event.target as HTMLInputElement).files)}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="import-pictures">
          <Form.Label>Pictures (ZIP, optional)</Form.Label>
          <Form.Control
            type="file"
            accept=".zip,application/zip"
            aria-describedby="import-pictures-note"
            onClick={(event) => {
              (event.target as HTMLInputElement).value = '';
              choose(setPictures, null);
            }}
            onChange={(event) => choose(setPictures, (event.target as HTMLInputElement).files)}
          />
          <Form.Text id="import-pictures-note">
            Lines name its files in the pictures and variant_picture columns.
          </Form.Text>
        </Form.Group>
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" variant="outline-primary" disabled={!file || isLoading}>
            Check
          </Button>
          <Button
            variant="dark"
            disabled={!checkedClean || isLoading}
            onClick={() => void run(false)}
          >
            Import
          </Button>
        </div>
      </Form>
      {isLoading && <Loader />}
      {failure && <Message variant="danger">{failure}</Message>}
      {report && <ImportReport report={report} />}
    </>
  );
}

/** How the file is read, in short (docs/decisions/0024 has the whole of it). */
function ImportHelp() {
  return (
    <details className="mb-3">
      <summary>How the file is read</summary>
      <ul className="small mt-2">
        <li>
          Start from <strong>Export CSV</strong>: one line per variant, with the columns{' '}
          <span className="font-monospace">{PRODUCT_CSV_COLUMNS.join(', ')}</span>.
        </li>
        <li>
          A line changes the product its product_id names, else the one that has its SKU; with
          neither it makes a product. Lines of a new product with options share a group value.
        </li>
        <li>
          A product&apos;s own columns (name to status) are given on one of its lines; its lines are
          its variants, and variants left out are removed.
        </li>
        <li>
          status is draft (no shopper sees it) or active; left empty or out, a product keeps its
          status and a new one is active.
        </li>
        <li>
          Pictures are addresses on this shop (/images/…, /uploads/…) or file names from the ZIP,
          separated by |.
        </li>
      </ul>
    </details>
  );
}

function ImportReport({ report }: { report: ProductImportReport }) {
  const { rows, errors, summary, removedVariants } = report;
  const byLine = new Map<number, ImportError[]>();
  for (const error of errors) byLine.set(error.line, [...(byLine.get(error.line) ?? []), error]);
  const lines = new Set(rows.map((row) => row.line));
  const fileErrors = errors.filter((error) => !lines.has(error.line));
  const counts = `${plural(summary.productsCreated, 'product')} ${report.applied ? 'created' : 'to create'}, ${summary.productsUpdated} ${report.applied ? 'updated' : 'to update'}, ${summary.productsUnchanged} unchanged`;

  return (
    <section aria-label={report.applied ? 'Import result' : 'Check result'}>
      {report.applied ? (
        <Message variant="success">
          Imported: {counts}
          {summary.variantsRemoved > 0 && `, ${plural(summary.variantsRemoved, 'variant')} removed`}
          . <Link to="/admin/productlist">Back to products</Link>
        </Message>
      ) : errors.length > 0 ? (
        <Message variant="danger">
          {plural(errors.length, 'error')}: nothing {report.dryRun ? 'would be' : 'was'} imported.
          Fix the file, choose it again and check it again.
          {fileErrors.length > 0 && (
            <ul className="mb-0 mt-2">
              {fileErrors.map((error, index) => (
                <li key={index}>
                  {errorPlace(error)}: {error.message}
                </li>
              ))}
            </ul>
          )}
        </Message>
      ) : (
        <Message variant="info">
          Checked: {counts}
          {summary.variantsRemoved > 0 &&
            `, ${plural(summary.variantsRemoved, 'variant')} to remove`}
          . Nothing has changed yet: Import applies it.
        </Message>
      )}
      {removedVariants.length > 0 && (
        <p className="small">
          Variants {report.applied ? 'removed' : 'to remove'} (left out of their product&apos;s
          lines): {removedVariants.map((variant) => `${variant.sku} (${variant.name})`).join(', ')}
        </p>
      )}
      {rows.length > 0 && (
        // On a phone each line is a card whose errors wrap, never cut off at the screen's edge.
        <Table bordered hover responsive size="sm" className="align-middle admin-cards">
          <caption>Lines of the file</caption>
          <thead>
            <tr>
              <th>LINE</th>
              <th>ACTION</th>
              <th>PRODUCT</th>
              <th>SKU</th>
              <th>CHANGES AND ERRORS</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const lineErrors = byLine.get(row.line) ?? [];
              return (
                <tr key={row.line} className={lineErrors.length > 0 ? 'table-danger' : undefined}>
                  <td data-label="LINE">{row.line}</td>
                  <td data-label="ACTION">{ACTION_LABELS[row.action]}</td>
                  <td data-label="PRODUCT">{row.name}</td>
                  <td className="font-monospace small" data-label="SKU">
                    {row.sku}
                  </td>
                  <td data-label="CHANGES AND ERRORS" className="admin-card-text">
                    {row.changes.length > 0 && <div>{row.changes.join(', ')}</div>}
                    {lineErrors.map((error, index) => (
                      <div key={index} className="text-danger">
                        {error.column ? `${error.column}: ` : ''}
                        {error.message}
                      </div>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </section>
  );
}
