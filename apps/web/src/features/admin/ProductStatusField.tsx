import { PRODUCT_STATUS_LABELS, type ProductStatus } from '@proshop/domain/product-status';
import Form from 'react-bootstrap/Form';

interface ProductStatusFieldProps {
  value: ProductStatus;
  onChange: (status: ProductStatus) => void;
  /** The form's price, to point out that an active product at 0 is given away. */
  price: number;
}

/**
 * The edit form's Status. A draft (what Create Product opens) is seen by admins only: not on the
 * home page, in search, filters, menus, the sitemap or a cart. It goes into the shop when it is
 * saved as Active, which the server allows only once it has a name of its own rather than the
 * sample's ("Sample name"). A new product's form starts at Active, so that Update publishes it.
 */
export function ProductStatusField({ value, onChange, price }: ProductStatusFieldProps) {
  return (
    <Form.Group className="mb-3" controlId="product-status">
      <Form.Label>Status</Form.Label>
      <Form.Select
        value={value}
        aria-describedby="product-status-note"
        onChange={(event) => onChange(event.target.value as ProductStatus)}
      >
        <option value="active">{PRODUCT_STATUS_LABELS.active}: in the shop</option>
        <option value="draft">{PRODUCT_STATUS_LABELS.draft}: hidden from shoppers</option>
      </Form.Select>
      <Form.Text id="product-status-note">
        {value === 'draft'
          ? 'Only admins see a draft. Choose Active and Update to put it in the shop.'
          : 'Shoppers see it once it is saved. A new product needs a name of its own first.'}
        {value === 'active' && price === 0 && ' Its price is 0: shoppers would get it for free.'}
      </Form.Text>
    </Form.Group>
  );
}
