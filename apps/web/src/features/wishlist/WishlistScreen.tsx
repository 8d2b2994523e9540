import { formatMoney, toCents } from '@proshop/domain/money';
import type { WishlistItem } from '@proshop/domain/wishlist-schemas';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { RequireAuth } from '../../components/RequireAuth.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { cartLineFrom, useLazyGetCartProductQuery } from '../../state/cart-products.ts';
import { addItem, sameLine, selectCart } from '../../state/cart-slice.ts';
import { hideNotifications, showNotification } from '../../state/notifications-slice.ts';
import { useGetWishlistQuery, useRemoveFromWishlistMutation } from '../../state/wishlist-api.ts';

/** One saved product: picture, name, price and stock now, and what the shopper can do with it. */
function WishlistLine({ item }: { item: WishlistItem }) {
  const dispatch = useDispatch();
  const { cartItems } = useSelector(selectCart);
  const [fetchProduct, { isFetching }] = useLazyGetCartProductQuery();
  const [remove, removing] = useRemoveFromWishlistMutation();
  const [problem, setProblem] = useState<string>();
  const href = `/product/${item.product}`;
  const inStock = item.countInStock > 0;
  const price = `${item.hasOptions ? 'From ' : ''}${formatMoney(toCents(item.price), shopCurrency)}`;

  async function addToCart() {
    setProblem(undefined);
    try {
      // Today's price and stock, as the product page would add it.
      const line = cartLineFrom(await fetchProduct(item.product).unwrap(), 1);
      if (!line || line.countInStock < 1) {
        setProblem('Out Of Stock');
        return;
      }
      const already = cartItems.some((inCart) => sameLine(inCart, line));
      dispatch(addItem(line));
      dispatch(hideNotifications());
      dispatch(showNotification(already ? 'already' : 'added'));
    } catch (error) {
      setProblem(errorMessage(error as Parameters<typeof errorMessage>[0]));
    }
  }

  return (
    <ListGroup.Item className="d-flex flex-wrap align-items-center gap-3">
      {/* The name below is the link to the product; the picture repeats it for the pointer only. */}
      <Link to={href} className="flex-shrink-0" tabIndex={-1} aria-hidden="true">
        <ProductImage
          image={item.image}
          alt={item.name}
          width={160}
          sizes="80px"
          className="rounded"
          style={{ width: 80, height: 80, objectFit: 'cover' }}
        />
      </Link>
      <div className="flex-grow-1" style={{ minWidth: '10rem' }}>
        <Link to={href} className="tap-target d-block fw-semibold text-break">
          {item.name}
        </Link>
        <div>{price}</div>
        <div className={inStock ? 'text-success' : 'text-body-secondary'}>
          {inStock ? 'In Stock' : 'Out Of Stock'}
          {item.backInStock && <span className="badge text-bg-success ms-2">Back in stock</span>}
        </div>
        {problem && <div className="small text-danger">{problem}</div>}
      </div>
      <div className="d-flex flex-wrap gap-2">
        {item.hasOptions ? (
          <Link to={href} className="btn btn-dark">
            Choose options
          </Link>
        ) : (
          <Button variant="dark" disabled={!inStock || isFetching} onClick={() => void addToCart()}>
            Add To Cart
          </Button>
        )}
        <Button
          variant="outline-secondary"
          aria-label={`Remove ${item.name} from wishlist`}
          disabled={removing.isLoading}
          onClick={() => void remove(item.product)}
        >
          Remove
        </Button>
      </div>
    </ListGroup.Item>
  );
}

function WishlistList() {
  const { data, isLoading, error } = useGetWishlistQuery();
  if (isLoading) return <Loader />;
  if (error) return <Message variant="danger">{errorMessage(error)}</Message>;
  const items = data?.items ?? [];
  if (items.length === 0) {
    return (
      <Message>
        Your wishlist is empty. <Link to="/">Go Back</Link>
      </Message>
    );
  }
  return (
    <ListGroup variant="flush">
      {items.map((item) => (
        <WishlistLine key={item.product} item={item} />
      ))}
    </ListGroup>
  );
}

/** /wishlist: the products the signed-in shopper saved for later. */
export function WishlistScreen() {
  useDocumentTitle('Wishlist');
  return (
    <RequireAuth>
      <h1>Wishlist</h1>
      <WishlistList />
    </RequireAuth>
  );
}
