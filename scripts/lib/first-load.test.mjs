import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkFirstLoad, firstLoadFiles } from './first-load.mjs';

const html = (head) => ({
  type: 'asset',
  fileName: 'index.html',
  source: `<!doctype html><html><head>${head}</head><body></body></html>`,
});
const chunk = (fileName, { code = 'export {};', imports = [], moduleIds = [] } = {}) => ({
  type: 'chunk',
  fileName,
  code,
  imports,
  moduleIds,
});
const css = (fileName, source = '.a{color:red}') => ({ type: 'asset', fileName, source });
/** Text that gzip cannot shrink much: about 0.77 compressed bytes per character. */
const incompressible = (characters) =>
  randomBytes(characters).toString('base64').slice(0, characters);

const page = `<script type="module" crossorigin src="/assets/index.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/vendor.js">
  <link rel="stylesheet" crossorigin href="/assets/index.css">
  <link rel="icon" href="/favicon.svg">
  <script src="https://www.paypal.com/sdk/js"></script>`;

describe('first-load files', () => {
  it('are the scripts and stylesheets index.html loads and every chunk they import statically', () => {
    const output = [
      html(page),
      // `react` stands for an external module: the build does not hold it.
      chunk('assets/index.js', { imports: ['assets/vendor.js', 'assets/store.js', 'react'] }),
      chunk('assets/vendor.js'),
      chunk('assets/store.js', { imports: ['assets/immer.js'] }),
      chunk('assets/immer.js'),
      chunk('assets/AdminScreen.js', { imports: ['assets/vendor.js'] }),
      css('assets/index.css'),
      css('assets/AdminScreen.css'),
    ];
    expect(firstLoadFiles(output)).toEqual({
      scripts: ['assets/index.js', 'assets/vendor.js', 'assets/store.js', 'assets/immer.js'],
      styles: ['assets/index.css'],
    });
  });

  it('name a file index.html loads but the build lacks', () => {
    expect(() => firstLoadFiles([html(page), chunk('assets/index.js')])).toThrow(
      'index.html loads assets/vendor.js, which the build does not hold',
    );
  });
});

describe('the first-load check', () => {
  const lean = () => [
    html(page),
    chunk('assets/index.js', { imports: ['assets/vendor.js'] }),
    chunk('assets/vendor.js'),
    css('assets/index.css'),
  ];

  it('passes a first load within both budgets and reports its sizes', () => {
    const report = checkFirstLoad(lean());
    expect(report.ok).toBe(true);
    expect(report.js).toMatchObject({
      ok: true,
      budgetKb: 100,
      files: ['assets/index.js', 'assets/vendor.js'],
    });
    expect(report.js.gzip).toBeGreaterThan(0);
    expect(report.css).toMatchObject({ ok: true, budgetKb: 25, raw: '.a{color:red}'.length });
  });

  it('fails when the scripts exceed 100 KB compressed, counting statically imported chunks', () => {
    const output = lean();
    output[2] = chunk('assets/vendor.js', { imports: ['assets/big.js'] });
    output.push(chunk('assets/big.js', { code: `export const a = "${incompressible(140_000)}";` }));
    const report = checkFirstLoad(output);
    expect(report.js.gzip).toBeGreaterThan(100_000);
    expect(report.js.ok).toBe(false);
    expect(report.css.ok).toBe(true);
    expect(report.ok).toBe(false);
  });

  it('fails when the stylesheets exceed 25 KB compressed', () => {
    const output = lean();
    output[3] = css('assets/index.css', `.a{content:"${incompressible(40_000)}"}`);
    const report = checkFirstLoad(output);
    expect(report.css.ok).toBe(false);
    expect(report.ok).toBe(false);
  });

  it('fails when an admin screen, the PayPal SDK loader or zod is part of the first load', () => {
    const output = lean();
    output[2] = chunk('assets/vendor.js', {
      moduleIds: [
        '/shop/apps/web/src/features/admin/OrderListScreen.tsx',
        '/shop/apps/web/src/components/payment/load-paypal-sdk.ts',
        '/shop/node_modules/zod/v4/classic/schemas.js',
        '/shop/apps/web/src/features/products/HomeScreen.tsx',
      ],
    });
    const report = checkFirstLoad(output);
    expect(report.misplaced.map(({ what }) => what)).toEqual([
      'an admin screen',
      'the PayPal SDK loader',
      'zod',
    ]);
    expect(report.ok).toBe(false);
  });

  it('leaves chunks loaded with import() out of the check', () => {
    const output = lean();
    output.push(
      chunk('assets/OrderListScreen.js', {
        code: `export const a = "${incompressible(140_000)}";`,
        moduleIds: ['/shop/apps/web/src/features/admin/OrderListScreen.tsx'],
      }),
    );
    expect(checkFirstLoad(output).ok).toBe(true);
  });
});
