import type { Product, ProductDetail } from '@proshop/domain/product-schemas';
import { formatMoney, toCents } from '@proshop/domain/money';
import { imageHeight, PICTURE_SIZES } from '@proshop/domain/product-image';
import { escapeHtml } from '../../html/escape-html.ts';
import { lcpPicture } from './lcp-picture.ts';

/**
 * The page's text as the server writes it, for readers that run no script (crawlers, link
 * previews, a browser with JavaScript off). It sits in `#server-page` before `#root`, laid out
 * like the web app's header and main (Bootstrap's classes, already in the built CSS), and the
 * app removes it once it has drawn the same page (apps/web/src/app/server-page.ts).
 */
function frame(shopName: string, main: string): string {
  return `<div id="server-page">
    <header><nav class="navbar navbar-expand-lg bg-dark" data-bs-theme="dark"><div class="container"><a class="navbar-brand" href="/">${escapeHtml(shopName)}</a></div></nav></header>
    <main class="py-4 min-vh-100"><div class="container">
${main}
    </div></main>
    </div>
    `;
}

const money = (price: number, currency: string) => formatMoney(toCents(price), currency);

/** "$89.99", or "From $19.99" when the variants sell at different prices (as the cards say). */
export function priceText(product: Product, currency: string): string {
  return product.minPrice === product.maxPrice
    ? money(product.minPrice, currency)
    : `From ${money(product.minPrice, currency)}`;
}

/**
 * The product's picture as the app's gallery asks for it (the same srcset and sizes as the
 * preload in the head, lcp-picture.ts): the phone's copy, at high priority, drawn at once.
 */
function pagePicture(image: string, name: string): string {
  const picture = lcpPicture(image, PICTURE_SIZES.product);
  const srcset = picture.srcset
    ? ` srcset="${escapeHtml(picture.srcset)}" sizes="${escapeHtml(picture.sizes ?? '')}"`
    : '';
  return `<img src="${escapeHtml(picture.href)}"${srcset} width="640" height="${imageHeight(640)}" alt="${name}" fetchpriority="high" class="img-fluid rounded" />`;
}

export function productContent(product: ProductDetail, shopName: string, currency: string): string {
  const name = escapeHtml(product.name);
  const crumbs = [`<li class="breadcrumb-item"><a href="/">Home</a></li>`];
  if (product.categorySlug) {
    crumbs.push(
      `<li class="breadcrumb-item"><a href="/category/${encodeURIComponent(product.categorySlug)}">${escapeHtml(product.category)}</a></li>`,
    );
  }
  crumbs.push(`<li class="breadcrumb-item active" aria-current="page">${name}</li>`);
  const brand = product.brandSlug
    ? `<p>Brand: <a href="/brand/${encodeURIComponent(product.brandSlug)}">${escapeHtml(product.brand)}</a></p>`
    : '';
  const rating =
    product.numReviews > 0
      ? `<p>Rated ${product.rating.toFixed(1)} of 5 (${product.numReviews} ${product.numReviews === 1 ? 'review' : 'reviews'})</p>`
      : '';
  return frame(
    shopName,
    `<nav aria-label="breadcrumb"><ol class="breadcrumb">${crumbs.join('')}</ol></nav>
<div class="row g-4 mb-4">
<div class="col-md-6">${pagePicture(product.image, name)}</div>
<div class="col-md-6">
<h1 class="fs-3">${name}</h1>
${rating}<p>Price: <strong data-price>${escapeHtml(priceText(product, currency))}</strong></p>
<p>${product.countInStock > 0 ? 'In Stock' : 'Out Of Stock'}</p>
${brand}<p style="white-space: pre-line">${escapeHtml(product.description)}</p>
</div>
</div>`,
  );
}

/** A page of products: a heading, each product's name, link and price, and the next pages. */
export function listContent(options: {
  shopName: string;
  currency: string;
  heading: string;
  intro?: string;
  products: Product[];
  /** The address of page n of this list. */
  pagePath: (page: number) => string;
  page: number;
  pages: number;
}): string {
  const { currency } = options;
  const items = options.products.map(
    (product) =>
      `<li class="list-group-item d-flex justify-content-between gap-3"><a href="/product/${encodeURIComponent(product._id)}">${escapeHtml(product.name)}</a><span>${escapeHtml(priceText(product, currency))}</span></li>`,
  );
  const links: string[] = [];
  if (options.page > 1) {
    links.push(
      `<a class="btn btn-light" href="${escapeHtml(options.pagePath(options.page - 1))}" rel="prev">Previous page</a>`,
    );
  }
  if (options.page < options.pages) {
    links.push(
      `<a class="btn btn-light" href="${escapeHtml(options.pagePath(options.page + 1))}" rel="next">Next page</a>`,
    );
  }
  const intro = options.intro
    ? `<p class="lead" style="white-space: pre-line">${escapeHtml(options.intro)}</p>\n`
    : '';
  return frame(
    options.shopName,
    `<h1>${escapeHtml(options.heading)}</h1>
${intro}${items.length > 0 ? `<ul class="list-group mb-4">${items.join('')}</ul>` : '<p>No products found.</p>'}
${links.length > 0 ? `<nav class="d-flex gap-2" aria-label="Pages">${links.join('')}</nav>` : ''}`,
  );
}
