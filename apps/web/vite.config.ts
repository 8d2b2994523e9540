import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// By path: the config bundles it like its own files (the build's Node need not run TypeScript).
import {
  DEFAULT_SHOP_COLOR,
  shopPalette,
  shopPaletteCss,
} from '../../packages/domain/src/shop-color.ts';
import { bootstrapSubset } from './build/bootstrap-subset.ts';

const SHOP_NAME_PLACEHOLDER = '__SHOP_NAME__';
const apiTarget = `http://localhost:${process.env.API_PORT ?? 5000}`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Fills in the shop's name and e-mail, and SHOP_COLOR's palette, on the dev server only: the
 * production build keeps the placeholders, which the API server replaces at runtime so one build
 * serves any SHOP_NAME (and adds the palette, apps/server/src/plugins/static-files.ts).
 */
function devShopName(): Plugin {
  return {
    name: 'proshop:dev-shop-name',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replaceAll(SHOP_NAME_PLACEHOLDER, escapeHtml(process.env.SHOP_NAME ?? 'ProShop'))
        .replaceAll('__SHOP_EMAIL__', escapeHtml(process.env.SHOP_EMAIL ?? ''))
        .replace(
          '</head>',
          `<style id="shop-theme">${shopPaletteCss(shopPalette(process.env.SHOP_COLOR?.trim() || DEFAULT_SHOP_COLOR))}</style></head>`,
        ),
  };
}

/**
 * The app is written against React's API and type-checked with @types/react, but runs on Preact 10
 * through preact/compat (docs/decisions/0009-preact-compat.md): React 19 alone would take two
 * thirds of the 100 KB first-load budget (scripts/lib/first-load.mjs). Exact matches, so that
 * `react-dom/client` is not caught by `react-dom`; Vite applies them to dependencies too
 * (react-router, react-redux, react-bootstrap), in the build and in the dev server's
 * pre-bundling. Removing this list runs the app on React again.
 */
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    // React Fast Refresh updates components through React's renderer, which Preact is not: an
    // edit would be taken and never shown. With no file refreshed, the dev server reloads the
    // page on an edit instead.
    react({ refreshExclude: /./ }),
    devShopName(),
    bootstrapSubset(`${import.meta.dirname}/src`),
  ],
  resolve: { alias: preactCompat },
  server: {
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // dist/.vite/manifest.json: which chunks each lazy screen needs, read by the server to name
    // them in the pages it writes (modulepreload, apps/server/src/modules/seo/screen-modules.ts).
    manifest: true,
    // A browser without modulepreload (Safari before 17) still loads the modules through their
    // imports, only without the head start; the polyfill would weigh on every first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // React Router looks up React 19's `use` (for server components only) and `useOptimistic`
      // (it falls back to plain state), which preact/compat lacks. Any other React API missing
      // from preact/compat still warns: our code must not use it.
      onwarn(warning, warn) {
        const routerLooksForReact19 =
          warning.code === 'IMPORT_IS_UNDEFINED' &&
          /\/node_modules\/react-router\//.test(warning.id ?? '') &&
          /Import `(use|useOptimistic)` /.test(warning.message);
        if (!routerLooksForReact19) warn(warning);
      },
    },
  },
});
