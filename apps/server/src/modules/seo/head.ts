import { escapeHtml } from '../../html/escape-html.ts';
import type { LcpPicture } from './lcp-picture.ts';
import { jsonForScript } from './text.ts';

/** What a server-written page says about itself in its head. */
export interface HeadFields {
  title: string;
  description: string;
  /** Absolute; none on pages that must not be indexed. */
  canonical?: string;
  /** `noindex` for private pages and answers that are not pages (404). */
  robots?: string;
  openGraph?: OpenGraph;
  jsonLd?: unknown[];
  /** The first screen's largest picture, preloaded with high priority (lcp-picture.ts). */
  preloadImage?: LcpPicture;
  /** Scripts of the screen the page opens on, beyond the first load (screen-modules.ts). */
  modules?: string[];
}

export interface OpenGraph {
  type: 'website' | 'product';
  siteName: string;
  image?: { url: string; width?: number; height?: number; alt: string };
  /** Product pages: the price as a decimal string and the currency code. */
  price?: { amount: string; currency: string };
}

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/**
 * The head's tags, escaped. One `<title>`, one `<meta name="description">` and one
 * `<link rel="canonical">`: the web app's title hook finds them by those standard selectors
 * and updates them as the shopper moves on (docs/decisions/0025).
 */
export function buildHead(fields: HeadFields): string {
  const tags = [
    `<title>${escapeHtml(fields.title)}</title>`,
    meta('name', 'description', fields.description),
  ];
  const image = fields.preloadImage;
  if (image) {
    const srcset = image.srcset
      ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes ?? '')}"`
      : '';
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(image.href)}"${srcset} fetchpriority="high" />`,
    );
  }
  for (const module of fields.modules ?? []) {
    tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(module)}" />`);
  }
  if (fields.robots) tags.push(meta('name', 'robots', fields.robots));
  if (fields.canonical)
    tags.push(`<link rel="canonical" href="${escapeHtml(fields.canonical)}" />`);
  const og = fields.openGraph;
  if (og) {
    tags.push(
      meta('property', 'og:type', og.type),
      meta('property', 'og:site_name', og.siteName),
      meta('property', 'og:title', fields.title),
      meta('property', 'og:description', fields.description),
    );
    if (fields.canonical) tags.push(meta('property', 'og:url', fields.canonical));
    if (og.image) {
      tags.push(meta('property', 'og:image', og.image.url));
      if (og.image.width && og.image.height) {
        tags.push(
          meta('property', 'og:image:width', String(og.image.width)),
          meta('property', 'og:image:height', String(og.image.height)),
        );
      }
      tags.push(meta('property', 'og:image:alt', og.image.alt));
    }
    if (og.price) {
      tags.push(
        meta('property', 'product:price:amount', og.price.amount),
        meta('property', 'product:price:currency', og.price.currency),
        // Read by some previews that do not know the product: namespace.
        meta('property', 'og:price:amount', og.price.amount),
        meta('property', 'og:price:currency', og.price.currency),
      );
    }
    tags.push(
      meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', fields.title),
      meta('name', 'twitter:description', fields.description),
    );
    if (og.image) {
      tags.push(
        meta('name', 'twitter:image', og.image.url),
        meta('name', 'twitter:image:alt', og.image.alt),
      );
    }
  }
  for (const data of fields.jsonLd ?? []) {
    // Data, not a script: the CSP (script-src 'self') does not apply to it, nothing runs it.
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  }
  return tags.join('\n    ') + '\n  ';
}
