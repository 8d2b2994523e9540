import { reviewCountLabel } from '@proshop/domain/plural';
import { formatMoney, toCents } from '@proshop/domain/money';
import type { ProductDetail } from '@proshop/domain/product-schemas';
import { findVariant } from '@proshop/domain/variants';
import { useId, useRef, useState } from 'react';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useParams, useSearchParams } from 'react-router';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { Rating } from '../../components/Rating.tsx';
import { WishlistHeart } from '../../components/WishlistHeart.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { cartLineFrom } from '../../state/cart-products.ts';
import { addItem, sameLine, selectCart, type CartItem } from '../../state/cart-slice.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { hideNotifications, showNotification } from '../../state/notifications-slice.ts';
import { quantityOptions } from '../../lib/quantity-options.ts';
import { AddToCartModal } from './AddToCartModal.tsx';
import { BuyBox } from './BuyBox.tsx';
import { ProductGallery } from './ProductGallery.tsx';
import { ProductBreadcrumbs } from './ProductBreadcrumbs.tsx';
import { ProductMaker } from './ProductMaker.tsx';
import { ProductReviews } from './ProductReviews.tsx';
import { StickyBuyBar } from './StickyBuyBar.tsx';
import { StockAlertRequest } from './StockAlertRequest.tsx';
import { priceLabel } from './price-label.ts';
import {
  choicePicture,
  choosePrompt,
  chooseValue,
  initialChoice,
  missingOptions,
} from './variant-choice.ts';
import { VariantSelector } from './VariantSelector.tsx';
import { useGetProductDetailsQuery } from './products-api.ts';

export function ProductScreen() {
  const { id = '' } = useParams();
  const { currentData: product, isFetching, error } = useGetProductDetailsQuery(id);
  const notFound = error !== undefined && 'status' in error && error.status === 404;
  usePageMeta({
    title: notFound ? 'Product not found' : product?.name,
    description: product?.description || product?.name,
    noindex: notFound,
  });

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
  const [searchParams, setSearchParams] = useSearchParams();
  const [qty, setQty] = useState(1);
  const [added, setAdded] = useState<CartItem | null>(null);
  const [addedWasInCart, setAddedWasInCart] = useState(false);
  const reasonId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const { options, variants } = product;
  const hasOptions = options.length > 0;
  const [choice, setChoice] = useState(() =>
    initialChoice(options, variants, searchParams.get('variant')),
  );
  const missing = missingOptions(options, choice);
  const chosen = hasOptions && missing.length === 0 ? findVariant(variants, choice) : undefined;
  // A link to another variant of this product (a cart line's, while the page is open) chooses it.
  const addressVariant = searchParams.get('variant');
  const [seenAddressVariant, setSeenAddressVariant] = useState(addressVariant);
  if (addressVariant !== seenAddressVariant) {
    setSeenAddressVariant(addressVariant);
    if (addressVariant && addressVariant !== chosen?._id) {
      setChoice(initialChoice(options, variants, addressVariant));
    }
  }
  // Choosing: some option still has no value. Not offered: the values chosen name no variant,
  // or one switched off.
  const choosing = hasOptions && missing.length > 0;
  const notOffered = hasOptions && !choosing && !chosen?.active;
  // What the cart would get: a product without options has one line (its implicit variant), one
  // with options once the choice names a variant on offer.
  const line = hasOptions
    ? chosen && !notOffered && cartLineFrom(product, qty, chosen._id)
    : cartLineFrom(product, qty);
  const stock = line ? line.countInStock : 0;
  const inStock = stock > 0;
  const quantities = quantityOptions(stock);
  // A smaller stock of the variant chosen since takes the quantity down with it.
  const chosenQty = Math.min(qty, Math.max(quantities.length, 1));
  const price = line
    ? formatMoney(toCents(line.price), shopCurrency)
    : priceLabel(product, shopCurrency);
  const picture = hasOptions ? choicePicture(variants, choice, chosen) : undefined;
  // Before the choice is complete, the status is the product's: some variant in stock or none.
  const status = notOffered
    ? 'Not available'
    : (choosing ? product.countInStock > 0 : inStock)
      ? 'In Stock'
      : 'Out Of Stock';
  const reason = choosing
    ? choosePrompt(missing)
    : notOffered
      ? 'This combination is not available'
      : undefined;

  function choose(option: string, value: string) {
    const next = chooseValue(options, variants, choice, option, value);
    setChoice(next);
    const variant =
      missingOptions(options, next).length === 0 ? findVariant(variants, next) : undefined;
    // The address names the variant, so a shared link opens with it chosen; replaced, not
    // pushed: Back leaves the product rather than undoing a choice.
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (variant) updated.set('variant', variant._id);
        else updated.delete('variant');
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function addToCart() {
    if (!line) return;
    const item: CartItem = { ...line, qty: chosenQty };
    const alreadyInCart = cartItems.some((inCart) => sameLine(inCart, item));
    dispatch(addItem(item));
    // A toast still showing from an earlier add gives way to the one for this add.
    dispatch(hideNotifications());
    dispatch(showNotification(alreadyInCart ? 'already' : 'added'));
    setAddedWasInCart(alreadyInCart);
    setAdded(item);
  }

  return (
    <>
      <Row className="g-4 mb-4">
        <Col md={5}>
          <ProductGallery
            images={product.images}
            name={product.name}
            picture={picture === null ? product.image : picture}
          />
        </Col>
        {/* On a phone the buy box comes between the options and the description (phone.css). */}
        <Col md={4} className="product-info">
          <ListGroup variant="flush">
            <ListGroup.Item>
              <div className="d-flex align-items-start gap-2">
                {/* minWidth 0: a flex item would otherwise keep a long word's width and overflow. */}
                <h1 className="fs-3 flex-grow-1 text-break" style={{ minWidth: 0 }}>
                  {product.name}
                </h1>
                <WishlistHeart productId={product._id} />
              </div>
            </ListGroup.Item>
            {(product.brand || product.category) && (
              <ListGroup.Item>
                <ProductMaker product={product} />
              </ListGroup.Item>
            )}
            <ListGroup.Item>
              <Rating value={product.rating} text={reviewCountLabel(product.numReviews)} />
            </ListGroup.Item>
            {hasOptions && (
              <ListGroup.Item>
                <VariantSelector
                  options={options}
                  variants={variants}
                  choice={choice}
                  onChoose={choose}
                />
              </ListGroup.Item>
            )}
            <ListGroup.Item className="product-description" style={{ whiteSpace: 'pre-line' }}>
              Description: {product.description}
            </ListGroup.Item>
          </ListGroup>
        </Col>
        <Col md={3} className="buy-box-col">
          <BuyBox
            price={price}
            status={status}
            quantities={inStock ? quantities : []}
            qty={chosenQty}
            onQtyChange={setQty}
            disabled={!inStock}
            reason={reason}
            reasonId={reasonId}
            onAdd={addToCart}
            addButtonRef={addButton}
          >
            {!notOffered && (
              <StockAlertRequest
                productId={product._id}
                variantId={chosen?._id}
                inStock={choosing ? product.countInStock > 0 : inStock}
              />
            )}
          </BuyBox>
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <ProductReviews productId={product._id} reviews={product.reviews} />
        </Col>
      </Row>
      <StickyBuyBar
        inFlowButton={addButton}
        price={price}
        disabled={!inStock}
        reasonId={reason ? reasonId : undefined}
        onAdd={addToCart}
      />
      <AddToCartModal added={added} wasInCart={addedWasInCart} onClose={() => setAdded(null)} />
    </>
  );
}
