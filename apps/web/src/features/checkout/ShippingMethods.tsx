import type { ShippingOptionAnswer } from '@proshop/domain/shipping-schemas';
import { formatMoney, toCents } from '@proshop/domain/money';
import { deliveryEstimateText } from '@proshop/domain/shipping-text';
import Form from 'react-bootstrap/Form';
import { shopCurrency } from '../../lib/shop-currency.ts';

/** A method's price as the shopper reads it: "Free", or the amount. */
export const optionPrice = (price: number): string =>
  price === 0 ? 'Free' : formatMoney(toCents(price), shopCurrency);

/**
 * The method the step has chosen: the shopper's pick while the zone offers it and it can carry
 * the order, else the one the quote priced (the zone's first that can).
 */
export function effectiveMethod(
  options: readonly ShippingOptionAnswer[],
  picked: string | null,
  quoted: string | null,
): string | null {
  const available = options.filter((option) => option.price !== null);
  return (
    available.find((option) => option._id === picked)?._id ??
    available.find((option) => option._id === quoted)?._id ??
    available[0]?._id ??
    null
  );
}

interface ShippingMethodsProps {
  options: readonly ShippingOptionAnswer[];
  chosen: string | null;
  onChoose: (id: string) => void;
}

/**
 * The zone's methods for the address, each with its price for this cart and its delivery
 * estimate; one that cannot carry the order is shown disabled with the reason.
 */
export function ShippingMethods({ options, chosen, onChoose }: ShippingMethodsProps) {
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">Shipping method</legend>
      {options.map((option) => {
        const id = `shipping-method-${option._id}`;
        const reasonId = `${id}-reason`;
        return (
          <div key={option._id} className="mb-2">
            <Form.Check
              type="radio"
              name="shipping-method"
              id={id}
              className="mb-0"
              disabled={option.price === null}
              checked={chosen === option._id}
              onChange={() => onChoose(option._id)}
              aria-describedby={option.unavailable ? reasonId : undefined}
              label={
                <>
                  <span className="d-flex justify-content-between gap-2">
                    <span>{option.name}</span>{' '}
                    <span>{option.price === null ? 'Unavailable' : optionPrice(option.price)}</span>
                  </span>{' '}
                  <span className="d-block small text-body-secondary">
                    {deliveryEstimateText(option.estimateMinDays, option.estimateMaxDays)}
                  </span>
                </>
              }
            />
            {/* Outside the label, which a disabled radio fades: the reason stays readable. */}
            {option.unavailable && (
              <div id={reasonId} className="form-text mt-0 ps-4">
                {option.unavailable}
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
