import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct } from '../helpers/factories.ts';
import { readElements, webBuildWithIndex } from '../helpers/seo-html.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { readScreenModules, SCREEN_SOURCES } from '../../src/modules/seo/screen-modules.ts';

/** A manifest as Vite writes it: the entry, a chunk both share, and the lazy screens. */
function writeManifest(web: string) {
  mkdirSync(join(web, '.vite'));
  writeFileSync(
    join(web, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/app/main.tsx': {
        file: 'assets/index-abc123.js',
        isEntry: true,
        imports: ['_Button.js'],
      },
      '_Button.js': { file: 'assets/Button-1.js' },
      '_Form.js': { file: 'assets/Form-1.js', imports: ['_Button.js'] },
      [SCREEN_SOURCES.product]: {
        file: 'assets/ProductScreen-1.js',
        isDynamicEntry: true,
        imports: ['_Form.js', '_Button.js'],
      },
      [SCREEN_SOURCES.cart]: {
        file: 'assets/CartScreen-1.js',
        isDynamicEntry: true,
        imports: ['_Form.js'],
      },
    }),
  );
}

describe('the scripts of the screen a page opens on (decision 0035)', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('reads each screen’s chunks beyond the first load from the manifest, none without one', () => {
    const web = mkdtempSync(join(tmpdir(), 'proshop-manifest-'));
    folders.push(web);
    expect(readScreenModules(web)).toEqual({ product: [], category: [], brand: [], cart: [] });
    writeManifest(web);
    expect(readScreenModules(web)).toEqual({
      product: ['/assets/ProductScreen-1.js', '/assets/Form-1.js'],
      category: [],
      brand: [],
      cart: ['/assets/CartScreen-1.js', '/assets/Form-1.js'],
    });
  });

  it('names them in modulepreload links on the product page and the cart, not elsewhere', async () => {
    const web = webBuildWithIndex();
    folders.push(web);
    writeManifest(web);
    const t = await createTestApp({ WEB_DIST_DIR: web });
    try {
      const modules = (html: string) =>
        readElements(html)
          .filter(
            (element) => element.name === 'link' && element.attributes.rel === 'modulepreload',
          )
          .map((element) => element.attributes.href);
      const product = await createProduct(t.database.db, { name: 'Lamp' });
      expect(modules((await t.app.inject(`/product/${product.id}`)).body)).toEqual([
        '/assets/ProductScreen-1.js',
        '/assets/Form-1.js',
      ]);
      const cart = ['/assets/CartScreen-1.js', '/assets/Form-1.js'];
      expect(modules((await t.app.inject(`/cart/${product.id}?qty=1`)).body)).toEqual(cart);
      expect(modules((await t.app.inject('/cart')).body)).toEqual(cart);
      expect(modules((await t.app.inject('/login')).body)).toEqual([]);
      expect(modules((await t.app.inject('/')).body)).toEqual([]);
      // The manifest is for the server: not a file the site serves.
      expect((await t.app.inject('/.vite/manifest.json')).body).not.toContain('ProductScreen');
    } finally {
      await t.close();
    }
  });
});
