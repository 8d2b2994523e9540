import Nav from 'react-bootstrap/Nav';
import { Link } from 'react-router';

const steps = [
  // Signed in already, the sign-in page passes straight on to shipping.
  { label: 'Sign In', to: '/login?redirect=shipping' },
  { label: 'Shipping', to: '/shipping' },
  { label: 'Payment', to: '/payment' },
  { label: 'Place Order', to: '/placeorder' },
] as const;

/** 1 Sign In, 2 Shipping, 3 Payment, 4 Place Order. */
export type CheckoutStepNumber = 1 | 2 | 3 | 4;

/** Where the shopper is in checkout: steps done and the current one link back; later ones wait. */
export function CheckoutSteps({ current }: { current: CheckoutStepNumber }) {
  return (
    <nav aria-label="Checkout steps">
      <Nav className="justify-content-center mb-4">
        {steps.map((step, index) => {
          const number = index + 1;
          return (
            <Nav.Item key={step.label}>
              {number <= current ? (
                <Nav.Link
                  as={Link}
                  to={step.to}
                  aria-current={number === current ? 'step' : undefined}
                  className={number === current ? 'fw-semibold' : undefined}
                >
                  {step.label}
                </Nav.Link>
              ) : (
                <span className="nav-link disabled" aria-disabled="true">
                  {step.label}
                </span>
              )}
            </Nav.Item>
          );
        })}
      </Nav>
    </nav>
  );
}
