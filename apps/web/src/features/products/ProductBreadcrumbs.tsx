import type { Product } from '@proshop/domain/product-schemas';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';

/** Bootstrap draws the divider between crumbs from this variable. */
const DIVIDER = { '--bs-breadcrumb-divider': "'›'" } as CSSProperties;

/** Where the product sits in the shop: Home › Category › Product, or Home › Product. */
export function ProductBreadcrumbs({ product }: { product: Product }) {
  return (
    <nav aria-label="Breadcrumb" style={DIVIDER}>
      <ol className="breadcrumb">
        <li className="breadcrumb-item">
          <Link to="/">Home</Link>
        </li>
        {product.categorySlug && (
          <li className="breadcrumb-item">
            <Link to={`/category/${encodeURIComponent(product.categorySlug)}`}>
              {product.category}
            </Link>
          </li>
        )}
        <li className="breadcrumb-item active" aria-current="page">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}
