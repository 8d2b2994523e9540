import type { CatalogueCache } from '../catalogue-cache/catalogue-cache.ts';
import type { PrecompressedPage } from '../../plugins/precompressed-page.ts';

/** Pages held at most: a crawler walking every product churns only the least recently used. */
const MAX_PAGES = 2_000;

/**
 * The server-written pages of the public catalogue (product, list, category and brand pages), by
 * path, compressed once. They show only what the catalogue cache's answers show, so they live
 * exactly as long: the whole set is dropped when the catalogue's generation moves (any product,
 * stock, review or taxonomy change on any instance), and nothing is kept while the catalogue
 * cache is off (PostgreSQL without its change listener). A hit needs no database query.
 * The sitemap's files are kept the same way.
 */
export class PageCache<T = PrecompressedPage> {
  private readonly pages = new Map<string, T>();
  private generation: number;

  constructor(private readonly catalogue: Pick<CatalogueCache, 'generation' | 'isCaching'>) {
    this.generation = catalogue.generation;
  }

  get(path: string): T | undefined {
    this.dropIfChanged();
    const page = this.pages.get(path);
    if (page) {
      this.pages.delete(path);
      this.pages.set(path, page);
    }
    return page;
  }

  /** The generation to read before building a page and pass back to `set`. */
  get currentGeneration(): number {
    return this.catalogue.generation;
  }

  /** Keeps a page built from what was read at `generation`, unless anything changed since. */
  set(path: string, page: T, generation: number): void {
    this.dropIfChanged();
    if (!this.catalogue.isCaching || generation !== this.generation) return;
    this.pages.set(path, page);
    for (const [oldest] of this.pages) {
      if (this.pages.size <= MAX_PAGES) break;
      this.pages.delete(oldest);
    }
  }

  private dropIfChanged(): void {
    if (this.catalogue.generation === this.generation) return;
    this.pages.clear();
    this.generation = this.catalogue.generation;
  }
}
