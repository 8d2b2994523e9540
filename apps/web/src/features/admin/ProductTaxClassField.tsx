import Form from 'react-bootstrap/Form';
import { errorMessage } from '../../lib/error-message.ts';
import { useGetTaxClassesQuery } from './shipping-admin-api.ts';

interface ProductTaxClassFieldProps {
  /** The product's own class; null for the shop's default class, whichever it is. */
  value: string | null;
  onChange: (taxClass: string | null) => void;
}

/**
 * The class a product is taxed as (issue #38): the default (named, as it is now) or one of the
 * shop's classes, whose rate in each zone the Settings screen sets.
 */
export function ProductTaxClassField({ value, onChange }: ProductTaxClassFieldProps) {
  const { data: classes, error } = useGetTaxClassesQuery();
  const defaultClass = classes?.find((taxClass) => taxClass.isDefault);
  // A class the list does not have (still loading, or deleted meanwhile) stays chosen.
  const unlisted = value !== null && !classes?.some((taxClass) => taxClass._id === value);

  return (
    <Form.Group className="mb-3" controlId="product-tax-class">
      <Form.Label>Tax class</Form.Label>
      <Form.Select value={value ?? ''} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">Default ({defaultClass?.name ?? 'Standard'})</option>
        {classes?.map((taxClass) => (
          <option key={taxClass._id} value={taxClass._id}>
            {taxClass.name}
          </option>
        ))}
        {unlisted && <option value={value}>{classes ? 'A class no longer listed' : '…'}</option>}
      </Form.Select>
      {error && <div className="small text-danger mt-1">{errorMessage(error)}</div>}
    </Form.Group>
  );
}
