import './admin-shell.css';
import { useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useDispatch, useSelector } from 'react-redux';
import { Link, NavLink, Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { SessionEndedRedirect } from '../../components/SessionEndedRedirect.tsx';
import { useLogoutMutation } from '../../features/users/users-api.ts';
import { shopName } from '../../lib/shop-name.ts';
import { loggedOut, selectUserInfo } from '../../state/session-slice.ts';
import { HeadingFocus } from '../layout/HeadingFocus.tsx';
import { Toasts } from '../layout/Toasts.tsx';

/** The admin's sections, in the order a merchant works through them. */
const sections = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/orderlist', label: 'Orders' },
  { to: '/admin/productlist', label: 'Products' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/brands', label: 'Brands' },
  { to: '/admin/discounts', label: 'Discounts' },
  { to: '/admin/userlist', label: 'Users' },
  { to: '/admin/settings/shipping', label: 'Settings' },
] as const;

/**
 * The admin's own shell, as Shopify's and Medusa's admins have: the shop's name, a side
 * navigation on a desktop and a drawer behind a menu button on a phone, a link back to the
 * storefront. Every /admin route is shown inside it; the storefront's header leads here with one
 * link. Loaded with the first admin screen, never by a shopper.
 */
export function AdminLayout() {
  return (
    <RequireAdmin>
      <AdminShell />
    </RequireAdmin>
  );
}

function AdminShell() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = () => setDrawerOpen(false);

  return (
    <div className="admin-shell">
      <a
        href="#main"
        className="admin-skip visually-hidden-focusable position-absolute p-2 bg-white"
      >
        Skip to main content
      </a>
      <SessionEndedRedirect />
      {/* A phone: a bar with the menu button, the shop's name and the way back to the shop. */}
      <header className="admin-topbar d-lg-none" data-bs-theme="dark">
        <button
          type="button"
          className="admin-tap btn btn-dark"
          aria-controls="admin-drawer"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <span className="navbar-toggler-icon" aria-hidden="true" /> Menu
        </button>
        <Link to="/admin/dashboard" className="admin-brand admin-tap">
          {shopName} <span className="admin-brand-tag">Admin</span>
        </Link>
        <Link to="/" className="admin-tap admin-topbar-link">
          Storefront
        </Link>
      </header>
      <Offcanvas
        id="admin-drawer"
        show={drawerOpen}
        onHide={close}
        placement="start"
        className="admin-drawer"
        aria-labelledby="admin-drawer-title"
        responsive="lg"
      >
        <Offcanvas.Header closeButton closeLabel="Close menu" className="admin-tap-close">
          <Offcanvas.Title id="admin-drawer-title" as="div">
            <Link to="/admin/dashboard" className="admin-brand admin-tap" onClick={close}>
              {shopName} <span className="admin-brand-tag">Admin</span>
            </Link>
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body className="p-0">
          <AdminNavigation onChoose={close} />
        </Offcanvas.Body>
      </Offcanvas>
      <main id="main" tabIndex={-1} className="admin-main">
        <Outlet />
      </main>
      <Toasts />
      <ScrollRestoration />
      <HeadingFocus />
    </div>
  );
}

/** The sections, the storefront and signing out: the side bar's and the drawer's content. */
function AdminNavigation({ onChoose }: { onChoose: () => void }) {
  const userInfo = useSelector(selectUserInfo);
  const dispatch = useDispatch();
  const [endSession] = useLogoutMutation();
  const navigate = useNavigate();

  return (
    <nav aria-label="Admin" className="admin-nav">
      <Link to="/admin/dashboard" className="admin-brand admin-tap d-none d-lg-flex">
        {shopName} <span className="admin-brand-tag">Admin</span>
      </Link>
      <ul className="list-unstyled mb-0">
        {sections.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to} className="admin-nav-link admin-tap" onClick={onChoose}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="admin-nav-end">
        <Link to="/" className="admin-nav-link admin-tap" onClick={onChoose}>
          View storefront
        </Link>
        {userInfo && (
          <button
            type="button"
            className="admin-nav-link admin-tap"
            onClick={() => {
              // As the storefront's Logout: signed out here at once, then on the server; on the
              // storefront, not on the sign-in form the admin screens send a visitor to.
              onChoose();
              void navigate('/');
              dispatch(loggedOut());
              void endSession(userInfo.token);
            }}
          >
            Logout {userInfo.name}
          </button>
        )}
      </div>
    </nav>
  );
}
