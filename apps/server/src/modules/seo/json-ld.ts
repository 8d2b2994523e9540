import type { ProductDetail } from '@proshop/domain/product-schemas';
import { centsToDecimalString, toCents } from '@proshop/domain/money';
import { absoluteUrl } from './text.ts';

/** What every structured-data block needs to know about the shop. */
export interface ShopFacts {
  name: string;
  publicUrl: string;
  currency: string;
}

/** Most reviews listed in a product's structured data: Google reads a handful, not hundreds. */
const MAX_REVIEWS = 10;

const SCHEMA = 'https://schema.org';

/** A price as schema.org wants it: a decimal string with a point, no currency sign. */
export const decimalPrice = (price: number) => centsToDecimalString(toCents(price));

/** `Product` for Google's product rich results: name, images, offer or price range, reviews. */
export function productJsonLd(
  product: ProductDetail,
  images: string[],
  url: string,
  shop: ShopFacts,
  description: string,
): Record<string, unknown> {
  const availability = `${SCHEMA}/${product.countInStock > 0 ? 'InStock' : 'OutOfStock'}`;
  const offers =
    product.minPrice === product.maxPrice
      ? {
          '@type': 'Offer',
          url,
          price: decimalPrice(product.minPrice),
          priceCurrency: shop.currency,
          availability,
          itemCondition: `${SCHEMA}/NewCondition`,
        }
      : {
          '@type': 'AggregateOffer',
          url,
          lowPrice: decimalPrice(product.minPrice),
          highPrice: decimalPrice(product.maxPrice),
          offerCount: product.variants.filter((variant) => variant.active).length,
          priceCurrency: shop.currency,
          availability,
        };
  const data: Record<string, unknown> = {
    '@context': SCHEMA,
    '@type': 'Product',
    '@id': url,
    name: product.name,
    url,
    image: images,
    description,
    offers,
  };
  if (product.brand) data.brand = { '@type': 'Brand', name: product.brand };
  if (product.category) data.category = product.category;
  const sku = product.variants.length === 1 ? product.variants[0]?.sku : undefined;
  if (sku) data.sku = sku;
  if (product.numReviews > 0 && product.reviews.length > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: product.rating,
      reviewCount: product.numReviews,
      bestRating: 5,
      worstRating: 1,
    };
    // The newest first: they say most about the product as it is sold now.
    data.review = product.reviews
      .slice(-MAX_REVIEWS)
      .reverse()
      .map((review) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: review.name },
        datePublished: review.createdAt.slice(0, 10),
        reviewBody: review.comment,
        reviewRating: {
          '@type': 'Rating',
          ratingValue: review.rating,
          bestRating: 5,
          worstRating: 1,
        },
      }));
  }
  return data;
}

/** The trail above a page: home, then each step; the last is the page itself. */
export function breadcrumbJsonLd(steps: { name: string; url: string }[]): Record<string, unknown> {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/** The home page's: who runs the shop, and how to search it (the sitelinks search box). */
export function homeJsonLd(shop: ShopFacts): Record<string, unknown>[] {
  const home = `${shop.publicUrl}/`;
  return [
    {
      '@context': SCHEMA,
      '@type': 'Organization',
      name: shop.name,
      url: home,
      logo: absoluteUrl(shop.publicUrl, '/favicon.svg'),
    },
    {
      '@context': SCHEMA,
      '@type': 'WebSite',
      name: shop.name,
      url: home,
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: `${shop.publicUrl}/search/{search_term_string}`,
        },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}
