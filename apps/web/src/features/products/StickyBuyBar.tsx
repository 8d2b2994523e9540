import { useEffect, useState, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import { createPortal } from 'react-dom';

interface StickyBuyBarProps {
  /** The buy box's own Add To Cart, in the page's flow under the options. */
  inFlowButton: RefObject<HTMLButtonElement | null>;
  price: string;
  disabled: boolean;
  /** Why Add To Cart is off (an option still to choose); its id describes the button. */
  reasonId: string | undefined;
  onAdd: () => void;
}

/**
 * On a phone, once the buy box's Add To Cart has scrolled up out of sight (into the description
 * and the reviews), the price and Add To Cart come back in a bar at the bottom of the screen, as
 * Dawn's sticky add-to-cart does. Never while the options and that button are in view: the bar
 * would cover them. Outside the page's main region (a portal), so the page holds one Add To Cart.
 */
export function StickyBuyBar({
  inFlowButton,
  price,
  disabled,
  reasonId,
  onAdd,
}: StickyBuyBarProps) {
  const [scrolledBy, setScrolledBy] = useState(false);

  useEffect(() => {
    const button = inFlowButton.current;
    if (!button) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setScrolledBy(!entry.isIntersecting && entry.boundingClientRect.bottom < 0);
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [inFlowButton]);

  if (!scrolledBy) return null;
  return createPortal(
    <section className="sticky-buy-bar d-md-none" aria-label="Quick buy">
      <strong className="fs-5">{price}</strong>
      <Button
        type="button"
        variant="primary"
        disabled={disabled}
        aria-describedby={reasonId}
        onClick={onAdd}
      >
        Add To Cart
      </Button>
    </section>,
    document.body,
  );
}
