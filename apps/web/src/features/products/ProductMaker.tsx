import type { Product } from '@proshop/domain/product-schemas';
import { Link } from 'react-router';

const slugPath = (kind: 'brand' | 'category', slug: string) =>
  `/${kind}/${encodeURIComponent(slug)}`;

/** "By Apple in Electronics", each linking to its own page when it has one. */
export function ProductMaker({ product }: { product: Product }) {
  const { brand, brandSlug, category, categorySlug } = product;
  return (
    <p className="mb-0 small text-body-secondary">
      {brand && (
        <>By {brandSlug ? <Link to={slugPath('brand', brandSlug)}>{brand}</Link> : brand}</>
      )}
      {brand && category && ' in '}
      {category && !brand && 'In '}
      {category &&
        (categorySlug ? <Link to={slugPath('category', categorySlug)}>{category}</Link> : category)}
    </p>
  );
}
