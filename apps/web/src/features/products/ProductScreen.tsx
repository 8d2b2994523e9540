import { formatMoney, toCents } from '@proshop/domain/money';
import type { ProductDetail } from '@proshop/domain/product-schemas';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useParams } from 'react-router';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { Rating } from '../../components/Rating.tsx';
import { addItem, selectCart, type CartItem } from '../../state/cart-slice.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { hideNotifications, showNotification } from '../../state/notifications-slice.ts';
import { quantityOptions } from '../../lib/quantity-options.ts';
import { AddToCartModal } from './AddToCartModal.tsx';
import { ProductGallery } from './ProductGallery.tsx';
import { ProductBreadcrumbs } from './ProductBreadcrumbs.tsx';
import { ProductReviews } from './ProductReviews.tsx';
import { useGetProductDetailsQuery } from './products-api.ts';

export function ProductScreen() {
  const { id = '' } = useParams();
  const { currentData: product, isFetching, error } = useGetProductDetailsQuery(id);

  return (
    <>
      <Link to="/" className="btn btn-light mb-3">
        Go Back
      </Link>
      {product && <ProductBreadcrumbs product={product} />}
      {isFetching && !product ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : (
        // Keyed by the product so the chosen quantity starts at 1 on every product page.
        product && <ProductDetails key={product._id} product={product} />
      )}
    </>
  );
}

function ProductDetails({ product }: { product: ProductDetail }) {
  const dispatch = useDispatch();
  const { cartItems } = useSelector(selectCart);
  const [qty, setQty] = useState(1);
  const [added, setAdded] = useState<CartItem | null>(null);
  const inStock = product.countInStock > 0;
  const quantities = quantityOptions(product.countInStock);

  function addToCart() {
    const alreadyInCart = cartItems.some((item) => item.product === product._id);
    const item: CartItem = {
      product: product._id,
      name: product.name,
      image: product.image,
      price: product.price,
      countInStock: product.countInStock,
      qty,
    };
    dispatch(addItem(item));
    // A toast still showing from an earlier add gives way to the one for this add.
    dispatch(hideNotifications());
    dispatch(showNotification(alreadyInCart ? 'already' : 'added'));
    setAdded(item);
  }

  return (
    <>
      <Row className="g-4 mb-4">
        <Col md={5}>
          <ProductGallery images={product.images} name={product.name} />
        </Col>
        <Col md={4}>
          <ListGroup variant="flush">
            <ListGroup.Item>
              <h1 className="fs-3">{product.name}</h1>
            </ListGroup.Item>
            <ListGroup.Item>
              <Rating value={product.rating} text={`${product.numReviews} reviews`} />
            </ListGroup.Item>
            <ListGroup.Item>
              Price: {formatMoney(toCents(product.price), shopCurrency)}
            </ListGroup.Item>
            <ListGroup.Item style={{ whiteSpace: 'pre-line' }}>
              Description: {product.description}
            </ListGroup.Item>
          </ListGroup>
        </Col>
        <Col md={3}>
          <Card>
            <ListGroup variant="flush">
              <ListGroup.Item>
                <Row>
                  <Col>Price:</Col>
                  <Col>
                    <strong>{formatMoney(toCents(product.price), shopCurrency)}</strong>
                  </Col>
                </Row>
              </ListGroup.Item>
              <ListGroup.Item>
                <Row>
                  <Col>Status:</Col>
                  <Col>{inStock ? 'In Stock' : 'Out Of Stock'}</Col>
                </Row>
              </ListGroup.Item>
              {inStock && (
                <ListGroup.Item>
                  <Form.Group as={Row} controlId="product-qty">
                    <Form.Label column>Qty</Form.Label>
                    <Col>
                      <Form.Select
                        value={qty}
                        onChange={(event) => setQty(Number(event.target.value))}
                      >
                        {quantities.map((value) => (
                          <option key={value} value={value}>
                            {value}
                          </option>
                        ))}
                      </Form.Select>
                    </Col>
                  </Form.Group>
                </ListGroup.Item>
              )}
              <ListGroup.Item>
                <Button
                  type="button"
                  variant="dark"
                  className="w-100"
                  disabled={!inStock}
                  onClick={addToCart}
                >
                  Add To Cart
                </Button>
              </ListGroup.Item>
            </ListGroup>
          </Card>
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <ProductReviews productId={product._id} reviews={product.reviews} />
        </Col>
      </Row>
      <AddToCartModal added={added} onClose={() => setAdded(null)} />
    </>
  );
}
