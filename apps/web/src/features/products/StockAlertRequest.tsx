import Button from 'react-bootstrap/Button';
import { useSelector } from 'react-redux';
import { errorMessage } from '../../lib/error-message.ts';
import { selectUserInfo } from '../../state/session-slice.ts';
import { useGetStockAlertsQuery, useRequestStockAlertMutation } from '../../state/wishlist-api.ts';

interface StockAlertRequestProps {
  productId: string;
  /** The variant chosen; undefined for a product without options or a choice not made yet. */
  variantId: string | undefined;
  inStock: boolean;
}

/**
 * Under Add To Cart, for a signed-in customer: out of stock, "E-mail me when it is back" (one
 * e-mail, then the request is done); in stock again after such an e-mail, a "Back in stock" note.
 */
export function StockAlertRequest({ productId, variantId, inStock }: StockAlertRequestProps) {
  const signedIn = useSelector(selectUserInfo) !== null;
  const { data: alerts = [] } = useGetStockAlertsQuery(productId, { skip: !signedIn });
  const [request, { isLoading, error }] = useRequestStockAlertMutation();
  if (!signedIn) return null;
  const mine = alerts.find((alert) => alert.variant === (variantId ?? null));

  if (inStock) {
    return mine?.notifiedAt ? (
      <p className="text-success fw-semibold mb-0 mt-2" role="status">
        Back in stock
      </p>
    ) : null;
  }
  if (mine && !mine.notifiedAt) {
    return (
      <p className="small text-body-secondary mb-0 mt-2" role="status">
        We will e-mail you when it is back.
      </p>
    );
  }
  return (
    <>
      <Button
        type="button"
        variant="outline-dark"
        className="w-100 mt-2"
        disabled={isLoading}
        onClick={() =>
          void request({ product: productId, ...(variantId ? { variant: variantId } : {}) })
        }
      >
        E-mail me when it is back
      </Button>
      {error && <p className="small text-danger mb-0 mt-2">{errorMessage(error)}</p>}
    </>
  );
}
