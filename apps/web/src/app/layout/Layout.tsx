import Container from 'react-bootstrap/Container';
import { Outlet, ScrollRestoration } from 'react-router';
import { EmailConfirmationBanner } from '../../features/users/EmailConfirmationBanner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { HeadingFocus } from './HeadingFocus.tsx';
import { Toasts } from './Toasts.tsx';

export function Layout() {
  return (
    <>
      <a href="#main" className="visually-hidden-focusable position-absolute p-2 bg-white">
        Skip to main content
      </a>
      <Header />
      {/* At least a screen high: the footer starts below the fold, so it does not jump down as
          a screen's content arrives (a layout shift). */}
      <main id="main" tabIndex={-1} className="py-4 min-vh-100">
        <Container>
          <EmailConfirmationBanner />
          <Outlet />
        </Container>
      </main>
      <Footer />
      <Toasts />
      <ScrollRestoration />
      <HeadingFocus />
    </>
  );
}
