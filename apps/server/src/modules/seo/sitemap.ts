import { createGzip } from 'node:zlib';
import type { Database } from '../../db/client.ts';
import { escapeHtml } from '../../html/escape-html.ts';
import { countProducts, findProductBatch, findTaxonomyPages } from './sitemap-repository.ts';

/** The sitemap protocol's limit of addresses in one file. */
export const URLS_PER_FILE = 50_000;
/** Products read per query while a file is written: bounded memory, few round trips. */
const BATCH = 5_000;

/** The address of sitemap file n (1-based). */
export const sitemapFilePath = (n: number) => `/sitemaps/${n}.xml`;

const urlEntry = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;

/**
 * The index: how many files the catalogue needs. Addresses are numbered in one sequence, the
 * home page, then the categories and brands, then every product by id; file n holds numbers
 * (n-1)·50,000 to n·50,000 - 1. The last file ends where the catalogue ends.
 */
export async function sitemapIndex(db: Database, publicUrl: string): Promise<string> {
  const files = await fileCount(db);
  const entries = Array.from(
    { length: files },
    (_, index) =>
      `<sitemap><loc>${escapeHtml(publicUrl + sitemapFilePath(index + 1))}</loc></sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

async function fileCount(db: Database): Promise<number> {
  const [products, taxonomy] = await Promise.all([countProducts(db), findTaxonomyPages(db)]);
  const total = 1 + taxonomy.categories.length + taxonomy.brands.length + products;
  return Math.ceil(total / URLS_PER_FILE);
}

/**
 * Sitemap file n, gzip-compressed as it is written: products are read from the database in
 * batches and compressed as they come, so neither the rows nor the XML are ever held whole.
 * Undefined when the catalogue has no file n.
 */
export async function sitemapFile(
  db: Database,
  publicUrl: string,
  n: number,
): Promise<Buffer | undefined> {
  if (n < 1 || n > (await fileCount(db))) return undefined;
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  gzip.write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  );
  const start = (n - 1) * URLS_PER_FILE;
  const end = start + URLS_PER_FILE;
  const taxonomy = await findTaxonomyPages(db);
  const fixed = [
    urlEntry(`${publicUrl}/`),
    ...taxonomy.categories.map((row) =>
      urlEntry(`${publicUrl}/category/${encodeURIComponent(row.key)}`, row.updatedAt),
    ),
    ...taxonomy.brands.map((row) =>
      urlEntry(`${publicUrl}/brand/${encodeURIComponent(row.key)}`, row.updatedAt),
    ),
  ];
  const fixedHere = fixed.slice(start, end);
  if (fixedHere.length > 0) gzip.write(fixedHere.join(''));
  let remaining = end - Math.max(start, fixed.length);
  let from: { offset: number } | { afterId: string } = {
    offset: Math.max(0, start - fixed.length),
  };
  while (remaining > 0) {
    const rows = await findProductBatch(db, from, Math.min(BATCH, remaining));
    if (rows.length === 0) break;
    gzip.write(
      rows.map((row) => urlEntry(`${publicUrl}/product/${row.key}`, row.updatedAt)).join(''),
    );
    remaining -= rows.length;
    from = { afterId: rows.at(-1)!.key };
  }
  gzip.end('</urlset>\n');
  await done;
  return Buffer.concat(chunks);
}
