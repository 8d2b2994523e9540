import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const SHOP_NAME_PLACEHOLDER = '__SHOP_NAME__';
const apiTarget = `http://localhost:${process.env.API_PORT ?? 5000}`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Fills in the shop's name and e-mail on the dev server only: the production build keeps the placeholder,
 * which the API server replaces at runtime so one build serves any SHOP_NAME.
 */
function devShopName(): Plugin {
  return {
    name: 'proshop:dev-shop-name',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replaceAll(SHOP_NAME_PLACEHOLDER, escapeHtml(process.env.SHOP_NAME ?? 'ProShop'))
        .replaceAll('__SHOP_EMAIL__', escapeHtml(process.env.SHOP_EMAIL ?? '')),
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), devShopName()],
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
  },
});
