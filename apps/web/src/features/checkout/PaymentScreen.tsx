import {
  DEFAULT_PAYMENT_METHOD,
  isPaymentMethod,
  PAYMENT_METHODS,
} from '@proshop/domain/payment-methods';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useNavigate } from 'react-router';
import { Loader } from '../../components/Loader.tsx';
import { RequireBuyer } from '../../components/RequireBuyer.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { savePaymentMethod, selectCart } from '../../state/cart-slice.ts';
import { useGetPayConfigQuery } from '../../state/payment-api.ts';
import { CheckoutPage } from './RunningTotal.tsx';

function PaymentForm() {
  const { shippingAddress, paymentMethod } = useSelector(selectCart);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [method, setMethod] = useState(
    isPaymentMethod(paymentMethod) ? paymentMethod : DEFAULT_PAYMENT_METHOD,
  );
  const { data: payConfig, isLoading } = useGetPayConfigQuery();

  // The steps run in order: no address yet, no payment step.
  if (!shippingAddress) return <Navigate to="/shipping" replace />;
  if (isLoading) return <Loader />;

  // The methods of the shop's providers (decision 0046); every method if the shop cannot be
  // asked, as each is paid through a configured provider. A stored choice the shop does not
  // offer (any more) gives way to the first it does.
  const offered = payConfig?.methods.length ? payConfig.methods : PAYMENT_METHODS;
  const chosen = offered.includes(method) ? method : (offered[0] ?? DEFAULT_PAYMENT_METHOD);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch(savePaymentMethod(chosen));
    void navigate('/placeorder');
  }

  return (
    <CheckoutPage current={3}>
      <h1>Payment Method</h1>
      <Form onSubmit={handleSubmit}>
        <Form.Group as="fieldset" className="mb-3">
          <Form.Label as="legend" className="fs-6">
            Select Method
          </Form.Label>
          {offered.map((value) => (
            <Form.Check
              key={value}
              type="radio"
              id={`payment-${value.replace(/\W+/g, '-').toLowerCase()}`}
              name="paymentMethod"
              label={value}
              value={value}
              checked={chosen === value}
              onChange={() => setMethod(value)}
            />
          ))}
        </Form.Group>
        <Button type="submit" variant="dark">
          Continue
        </Button>
      </Form>
    </CheckoutPage>
  );
}

/**
 * Checkout step 3: one of the methods the shop's providers take, PayPal (or the first offered)
 * unless the shopper picks another.
 */
export function PaymentScreen() {
  useDocumentTitle('Payment Method');
  return (
    <RequireBuyer>
      <PaymentForm />
    </RequireBuyer>
  );
}
