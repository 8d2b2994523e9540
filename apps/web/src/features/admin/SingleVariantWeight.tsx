import type { ProductDetail } from '@proshop/domain/product-schemas';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import {
  weightFromText,
  weightGramsOf,
  type WeightedVariantsRequest,
} from './product-tax-fields.ts';

interface SingleVariantWeightProps {
  product: Pick<ProductDetail, 'variants'>;
  busy: boolean;
  onSave: (request: WeightedVariantsRequest, labels: readonly string[]) => void;
}

/**
 * The weight of a product sold as one item, which shipping's weight bands price: kept on its one
 * variant, so saved as the variants are, that variant sent back as it is with its new weight.
 */
export function SingleVariantWeight({ product, busy, onSave }: SingleVariantWeightProps) {
  const [variant] = product.variants;
  const [weight, setWeight] = useState(() => String(variant ? (weightGramsOf(variant) ?? '') : ''));
  if (!variant) return null;

  function save() {
    if (!variant) return;
    onSave(
      {
        options: [],
        variants: [
          {
            _id: variant._id,
            sku: variant.sku,
            options: {},
            price: variant.price,
            countInStock: variant.countInStock,
            weightGrams: weightFromText(weight),
            image: variant.image,
            active: variant.active,
          },
        ],
      },
      ['Weight'],
    );
  }

  return (
    <Form.Group className="mb-3" controlId="product-weight">
      <Form.Label>Weight (g)</Form.Label>
      <div className="d-flex gap-2 align-items-start">
        <InputGroup className="w-auto flex-grow-1">
          <Form.Control
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="Not given"
            value={weight}
            onChange={(event) => setWeight(event.target.value)}
            aria-describedby="product-weight-hint"
          />
          <InputGroup.Text>g</InputGroup.Text>
        </InputGroup>
        <Button variant="outline-dark" className="text-nowrap" disabled={busy} onClick={save}>
          Save weight
        </Button>
      </div>
      <Form.Text id="product-weight-hint" muted>
        Shipping methods with weight bands price a parcel by the weight of what is in it.
      </Form.Text>
    </Form.Group>
  );
}
