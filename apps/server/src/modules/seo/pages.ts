import { productListQuerySchema, type ProductDetail } from '@proshop/domain/product-schemas';
import {
  hasSizedCopies,
  imageHeight,
  PICTURE_SIZES,
  SHARE_IMAGE_WIDTH,
  sizedImage,
} from '@proshop/domain/product-image';
import { pageDescription, shopDescription } from '@proshop/domain/page-description';
import { TAXONOMY_LABELS, type TaxonomyKind } from '@proshop/domain/taxonomy-schemas';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { getProductDetail, listProducts, topProducts } from '../products/service.ts';
import { getTaxonomyBySlug } from '../taxonomy/service.ts';
import { buildHead } from './head.ts';
import {
  breadcrumbJsonLd,
  decimalPrice,
  homeJsonLd,
  productJsonLd,
  type ShopFacts,
} from './json-ld.ts';
import { lcpPicture } from './lcp-picture.ts';
import { listContent, productContent } from './page-content.ts';
import type { PageTemplate } from './page-template.ts';
import type { ScreenModules } from './screen-modules.ts';
import { absoluteUrl } from './text.ts';

export interface PageContext {
  db: Database;
  shop: ShopFacts;
  template: PageTemplate;
  pageSize: number;
  screenModules: ScreenModules;
}

/** A written page: 200 with the page's head and text, or 404 with the not-found page. */
export interface WrittenPage {
  status: 200 | 404;
  html: string;
}

/** Null on a 404 (AppError notFound: a product, category or brand that is not there). */
async function unlessMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/** The page for a path that names nothing; never indexed. */
export function notFoundPage(context: Pick<PageContext, 'shop' | 'template'>): WrittenPage {
  const { shop, template } = context;
  const head = buildHead({
    title: `Page Not Found | ${shop.name}`,
    description: shopDescription(shop.name),
    robots: 'noindex',
  });
  const body = `<div id="server-page"><main class="py-4 min-vh-100"><div class="container">
<h1>Page Not Found</h1>
<p>There is no page at this address.</p>
<a href="/" class="btn btn-dark">Go to the home page</a>
</div></main></div>
    `;
  return { status: 404, html: template.render(head, body) };
}

/** The 1200-pixel copy for link previews, or the picture itself when it has no copies. */
function sharePicture(image: string, publicUrl: string) {
  if (!hasSizedCopies(image)) return { url: absoluteUrl(publicUrl, image) };
  return {
    url: absoluteUrl(publicUrl, sizedImage(image, SHARE_IMAGE_WIDTH)),
    width: SHARE_IMAGE_WIDTH,
    height: imageHeight(SHARE_IMAGE_WIDTH),
  };
}

export async function productPage(context: PageContext, id: string): Promise<WrittenPage> {
  const { shop } = context;
  const product: ProductDetail | null = await unlessMissing(getProductDetail(context.db, id));
  if (!product) return notFoundPage(context);
  const url = `${shop.publicUrl}/product/${encodeURIComponent(product._id)}`;
  const description = pageDescription(product.description) || product.name;
  const picture = sharePicture(product.image, shop.publicUrl);
  const crumbs = [{ name: 'Home', url: `${shop.publicUrl}/` }];
  if (product.categorySlug) {
    crumbs.push({
      name: product.category,
      url: `${shop.publicUrl}/category/${encodeURIComponent(product.categorySlug)}`,
    });
  }
  crumbs.push({ name: product.name, url });
  const images = [
    picture.url,
    ...product.images.map((image) => absoluteUrl(shop.publicUrl, image)),
  ];
  const head = buildHead({
    title: `${product.name} | ${shop.name}`,
    description,
    canonical: url,
    openGraph: {
      type: 'product',
      siteName: shop.name,
      image: { ...picture, alt: product.name },
      price: { amount: decimalPrice(product.minPrice), currency: shop.currency },
    },
    jsonLd: [
      productJsonLd(product, [...new Set(images)], url, shop, description),
      breadcrumbJsonLd(crumbs),
    ],
    preloadImage: lcpPicture(product.image, PICTURE_SIZES.product),
    modules: context.screenModules.product,
  });
  return {
    status: 200,
    html: context.template.render(head, productContent(product, shop.name, shop.currency)),
  };
}

/** Which list a list page shows: the latest products, a search, a category or a brand. */
export type ListKind =
  { kind: 'home' } | { kind: 'search'; keyword: string } | { kind: TaxonomyKind; slug: string };

/** `/page/2`, `/search/shoes/page/2`, `/category/shoes/page/2`; page 1 is the list's own path. */
function listPath(list: ListKind, page: number): string {
  const base =
    list.kind === 'home'
      ? ''
      : list.kind === 'search'
        ? `/search/${encodeURIComponent(list.keyword)}`
        : `/${list.kind}/${encodeURIComponent(list.slug)}`;
  if (page > 1) return `${base}/page/${page}`;
  return base || '/';
}

export async function listPage(
  context: PageContext,
  list: ListKind,
  page: number,
): Promise<WrittenPage> {
  const { shop } = context;
  const pageSuffix = page > 1 ? ` (page ${page})` : '';
  let heading = 'Latest Products';
  let title = `Latest Products${pageSuffix} | ${shop.name}`;
  let description = shopDescription(shop.name);
  let intro: string | undefined;
  let robots: string | undefined;
  const query: Record<string, string> = { pageNumber: String(page) };
  if (list.kind === 'search') {
    heading = `Results for "${list.keyword}"`;
    title = `Search: ${list.keyword}${pageSuffix} | ${shop.name}`;
    description = `Products matching “${list.keyword}” at ${shop.name}.`;
    // Endless keywords are endless pages: followed for their links, kept out of the index.
    robots = 'noindex, follow';
    query.keyword = list.keyword;
  } else if (list.kind !== 'home') {
    const record = await unlessMissing(getTaxonomyBySlug(context.db, list.kind, list.slug));
    if (!record) return notFoundPage(context);
    heading = record.name;
    title = `${record.name}${pageSuffix} | ${shop.name}`;
    description =
      pageDescription(record.description) ||
      `${TAXONOMY_LABELS[list.kind].one} ${record.name} at ${shop.name}: browse the products.`;
    intro = record.description || undefined;
    query[list.kind] = record.slug;
    list = { kind: list.kind, slug: record.slug };
  }
  // A keyword the API would refuse (over 1,000 characters) names no page.
  const parsed = productListQuerySchema.safeParse(query);
  if (!parsed.success) return notFoundPage(context);
  const result = await listProducts(context.db, parsed.data, context.pageSize);
  // The first screen's largest picture: the first top-rated slide on the home pages (the app
  // shows the carousel on each of them), else the list's first card (none on an empty list).
  const [firstTop] = list.kind === 'home' ? await topProducts(context.db) : [];
  const [firstCard] = result.products;
  const preloadImage = firstTop
    ? lcpPicture(firstTop.image, PICTURE_SIZES.carousel)
    : firstCard && lcpPicture(firstCard.image, PICTURE_SIZES.card);
  const head = buildHead({
    title,
    description,
    robots,
    canonical: robots ? undefined : absoluteUrl(shop.publicUrl, listPath(list, page)),
    openGraph: { type: 'website', siteName: shop.name },
    jsonLd: list.kind === 'home' && page === 1 ? homeJsonLd(shop) : [],
    preloadImage,
    modules:
      list.kind === 'category' || list.kind === 'brand' ? context.screenModules[list.kind] : [],
  });
  const body = listContent({
    shopName: shop.name,
    currency: shop.currency,
    heading,
    intro,
    products: result.products,
    pagePath: (n) => listPath(list, n),
    page,
    pages: result.pages,
  });
  return { status: 200, html: context.template.render(head, body) };
}
