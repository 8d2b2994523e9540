import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The screens the web app loads on first visit (its router's lazy routes) that a page written
 * here opens on, by their source file in apps/web, as the build's manifest names them.
 */
export const SCREEN_SOURCES = {
  product: 'src/features/products/ProductScreen.tsx',
  category: 'src/features/products/CategoryScreen.tsx',
  brand: 'src/features/products/BrandScreen.tsx',
  cart: 'src/features/cart/CartScreen.tsx',
} as const;
export type Screen = keyof typeof SCREEN_SOURCES;

/** The script files (paths from the site's root) each screen needs beyond the first load. */
export type ScreenModules = Record<Screen, string[]>;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const NONE: ScreenModules = { product: [], category: [], brand: [], cart: [] };

/**
 * Read from Vite's manifest (apps/web/dist/.vite/manifest.json): each screen's chunk and the
 * chunks it imports that the first load does not already hold. The page opened on that screen
 * names them in `<link rel="modulepreload">` (docs/decisions/0035): the phone fetches them with
 * the first load instead of one round trip after it, when the app's router asks for the screen.
 * None without a manifest (an older build): the app still loads them itself.
 */
export function readScreenModules(webDistDir: string): ScreenModules {
  const path = join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return NONE;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  const firstLoad = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, firstLoad);
  const modules = { ...NONE };
  for (const screen of Object.keys(SCREEN_SOURCES) as Screen[]) {
    const files = new Set<string>();
    walk(SCREEN_SOURCES[screen], files);
    modules[screen] = [...files].filter((file) => !firstLoad.has(file)).map((file) => `/${file}`);
  }
  return modules;
}
