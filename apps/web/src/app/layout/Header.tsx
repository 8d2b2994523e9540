import { useState, type MouseEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Collapse from 'react-bootstrap/Collapse';
import Container from 'react-bootstrap/Container';
import { useSelector } from 'react-redux';
import { Link, NavLink } from 'react-router';
import {
  useGetCategoriesQuery,
  usePrefetchCategories,
} from '../../features/products/taxonomy-api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { cartCountLabel } from '@proshop/domain/plural';
import { selectDistinctItemCount } from '../../state/cart-slice.ts';
import { shopName } from '../../lib/shop-name.ts';
import { HeaderDropdown } from './HeaderDropdown.tsx';
import { SearchBox } from './SearchBox.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * Bootstrap's navbar written out in its classes: react-bootstrap's Navbar and Nav bring their
 * offcanvas, modal and dropdown code into every first page load (budget in
 * scripts/lib/first-load.mjs).
 */
/** A cart outline drawn in the text's colour, so it has the link's contrast on the dark bar. */
function CartIcon() {
  return (
    <svg width="1.5em" height="1.5em" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M2.5 3.5h2.6l2.3 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1l1.9-7.3H6.3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="20" r="1.5" fill="currentColor" />
      <circle cx="17.5" cy="20" r="1.5" fill="currentColor" />
    </svg>
  );
}

/**
 * The cart and how many different items (lines) it holds, the count the cart's subtotal names
 * too (cartCountLabel). Its name says the count in words; the badge, hidden while the cart is
 * empty, shows the number.
 */
function CartLink({ className }: { className: string }) {
  const lineCount = useSelector(selectDistinctItemCount);
  return (
    <NavLink
      className={`nav-link cart-link ${className}`}
      to="/cart"
      aria-label={lineCount > 0 ? `Cart, ${cartCountLabel(lineCount)}` : 'Cart'}
    >
      <CartIcon />
      <span>Cart</span>{' '}
      {lineCount > 0 && (
        <Badge pill bg="success">
          {lineCount}
        </Badge>
      )}
    </NavLink>
  );
}

export function Header() {
  const [expanded, setExpanded] = useState(false);

  // On small screens the menu folds away again once a link or a menu entry is chosen.
  function closeOnSelect(event: MouseEvent<HTMLDivElement>) {
    if ((event.target as Element).closest('a, .dropdown-item')) setExpanded(false);
  }

  return (
    <header>
      <nav className="navbar navbar-expand-lg bg-dark" data-bs-theme="dark">
        <Container>
          <Link className="navbar-brand" to="/">
            {shopName}
          </Link>
          {/* On a phone the cart stays in sight beside the menu button, not folded inside. */}
          <CartLink className="d-lg-none ms-auto me-3" />
          <button
            type="button"
            className={expanded ? 'navbar-toggler' : 'navbar-toggler collapsed'}
            aria-controls="main-navbar"
            aria-expanded={expanded}
            aria-label="Toggle navigation"
            onClick={() => setExpanded(!expanded)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <Collapse in={expanded}>
            <div id="main-navbar" className="navbar-collapse" onClick={closeOnSelect}>
              <CategoriesMenu />
              <SearchBox />
              <div className="navbar-nav ms-auto">
                <CartLink className="d-none d-lg-flex" />
                <UserMenu />
              </div>
            </div>
          </Collapse>
        </Container>
      </nav>
    </header>
  );
}

/**
 * The Categories menu: a link to each category's page. The list is asked for when the menu is
 * about to open (pointer over it, focus on it), not by every page as it loads.
 */
function CategoriesMenu() {
  const prefetch = usePrefetchCategories();
  const warmUp = () => prefetch(undefined);
  return (
    <div className="navbar-nav me-lg-3" onPointerEnter={warmUp} onFocus={warmUp}>
      <HeaderDropdown title="Categories" align="start">
        <CategoryEntries />
      </HeaderDropdown>
    </div>
  );
}

function CategoryEntries() {
  // Only categories with a product shoppers see (drafts are not counted): no empty ones.
  const { data: all, error } = useGetCategoriesQuery();
  const categories = all?.filter((category) => category.productCount > 0);
  if (error) return <span className="dropdown-item-text text-danger">{errorMessage(error)}</span>;
  if (!categories) return <span className="dropdown-item-text">Loading...</span>;
  if (categories.length === 0) return <span className="dropdown-item-text">No categories yet</span>;
  return (
    // A long list scrolls inside the menu rather than running off the screen.
    <div className="overflow-auto" style={{ maxHeight: '60vh' }}>
      {categories.map((category) => (
        <Link
          key={category._id}
          className="dropdown-item"
          to={`/category/${encodeURIComponent(category.slug)}`}
        >
          {category.name}
        </Link>
      ))}
    </div>
  );
}
