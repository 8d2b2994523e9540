import { formatMoney, lineTotal, toCents } from '@proshop/domain/money';
import { lineLabel } from '@proshop/domain/variants';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { ProductImage } from '../../components/ProductImage.tsx';
import { selectDistinctItemCount, type CartItem } from '../../state/cart-slice.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { selectUserInfo } from '../../state/session-slice.ts';

interface AddToCartModalProps {
  /** The line just added; null while the modal is closed. */
  added: CartItem | null;
  /** Whether the line was in the cart already: the title then agrees with the toast. */
  wasInCart: boolean;
  onClose: () => void;
}

/** Confirms what went into the cart and offers the next step: checkout or the cart. */
export function AddToCartModal({ added, wasInCart, onClose }: AddToCartModalProps) {
  const navigate = useNavigate();
  const userInfo = useSelector(selectUserInfo);
  // Checkout covers the whole cart: its lines, the count the header and the cart show too.
  const lineCount = useSelector(selectDistinctItemCount);

  function goTo(path: string) {
    onClose();
    void navigate(path);
  }

  return (
    <Modal show={added !== null} onHide={onClose} centered aria-labelledby="add-to-cart-title">
      <Modal.Header closeButton>
        <Modal.Title id="add-to-cart-title">
          {wasInCart ? 'Already in your cart' : 'Added to Cart'}
        </Modal.Title>
      </Modal.Header>
      {added && (
        <Modal.Body className="d-flex align-items-center gap-3">
          <ProductImage
            image={added.image}
            alt={lineLabel(added.name, added.options)}
            width={96}
            sizes="96px"
            className="rounded"
          />
          <div>
            <p className="fw-semibold mb-1">{lineLabel(added.name, added.options)}</p>
            <p className="mb-1">Qty: {added.qty}</p>
            <p className="mb-0">
              Price: {formatMoney(lineTotal(toCents(added.price), added.qty), shopCurrency)}
            </p>
          </div>
        </Modal.Body>
      )}
      <Modal.Footer>
        {/* Checkout needs a signed-in shopper; the sign-in page comes back to shipping. */}
        <Button
          variant="primary"
          onClick={() => goTo(userInfo ? '/shipping' : '/login?redirect=shipping')}
        >
          Checkout {lineCount} item(s)
        </Button>
        <Button variant="outline-dark" onClick={() => goTo('/cart')}>
          Go to Cart
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
