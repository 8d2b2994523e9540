import { isCountryCode } from '@proshop/domain/countries';
import { regionsOf } from '@proshop/domain/regions';
import { useMemo, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { countryOptions, shopperLocale, type AddressValues } from '../lib/address-fields.ts';
import { TextField } from './TextField.tsx';

export type AddressErrors = Partial<Record<keyof AddressValues, string>>;

/**
 * What the form asks beyond the server's schema (which also takes the free text of addresses
 * stored before the list): a country from the list, and a region where the form lists them.
 */
export function addressListProblems(values: AddressValues): AddressErrors {
  const problems: AddressErrors = {};
  if (!isCountryCode(values.country)) problems.country = 'Choose a country from the list';
  else if (regionsOf(values.country).length > 0 && !values.region) {
    problems.region = 'Choose a region from the list';
  }
  return problems;
}

interface SelectFieldProps {
  controlId: string;
  label: string;
  value: string;
  autoComplete: string;
  error: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}

/** A labelled select with its error under it, marked up as TextField marks up an input. */
function SelectField({
  controlId,
  label,
  value,
  autoComplete,
  error,
  onChange,
  children,
}: SelectFieldProps) {
  const errorId = `${controlId}-error`;
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        required
        value={value}
        autoComplete={autoComplete}
        isInvalid={error !== undefined}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={error === undefined ? undefined : errorId}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </Form.Select>
      {error !== undefined && (
        <Form.Control.Feedback id={errorId} type="invalid">
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}

interface AddressFieldsProps {
  /** Prefix of the fields' ids, unique on the page ('shipping', 'address-new'). */
  prefix: string;
  values: AddressValues;
  errors: AddressErrors;
  onChange: (values: AddressValues, changed: keyof AddressValues) => void;
  /** Placeholders "Enter address" ... in the inputs (the shipping step has them). */
  placeholders?: boolean;
}

/**
 * The fields of a postal address, shared by the shipping step and the address book: optional
 * name, the street, city, a region where the country has listed ones, postal code, the country
 * from a list (named in the shopper's language, kept as its code) and an optional phone.
 */
export function AddressFields({
  prefix,
  values,
  errors,
  onChange,
  placeholders,
}: AddressFieldsProps) {
  const locale = shopperLocale();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const regions = regionsOf(values.country);
  const set = (name: keyof AddressValues, value: string) => {
    const next = { ...values, [name]: value };
    // Another country's regions are not this one's.
    if (name === 'country' && !regionsOf(value).some((region) => region.code === values.region)) {
      next.region = '';
    }
    onChange(next, name);
  };
  const text = (
    name: keyof AddressValues,
    label: string,
    autoComplete: string,
    required: boolean,
    type = 'text',
  ) => (
    <TextField
      controlId={`${prefix}-${name}`}
      label={label}
      type={type}
      required={required}
      autoComplete={`shipping ${autoComplete}`}
      placeholder={
        placeholders ? `Enter ${label.replace(' (optional)', '').toLowerCase()}` : undefined
      }
      value={values[name]}
      error={errors[name]}
      onChange={(value) => set(name, value)}
    />
  );
  return (
    <>
      {text('name', 'Name (optional)', 'name', false)}
      {text('address', 'Address', 'street-address', true)}
      {text('city', 'City', 'address-level2', true)}
      {regions.length > 0 && (
        <SelectField
          controlId={`${prefix}-region`}
          label="Region"
          value={values.region}
          autoComplete="shipping address-level1"
          error={errors.region}
          onChange={(value) => set('region', value)}
        >
          <option value="">Choose…</option>
          {regions.map((region) => (
            <option key={region.code} value={region.code}>
              {region.name}
            </option>
          ))}
        </SelectField>
      )}
      {text('postalCode', 'Postal Code', 'postal-code', true)}
      <SelectField
        controlId={`${prefix}-country`}
        label="Country"
        // An old address's text that names no country on the list: the shopper chooses one.
        value={isCountryCode(values.country) ? values.country : ''}
        autoComplete="shipping country"
        error={errors.country}
        onChange={(value) => set('country', value)}
      >
        <option value="">Choose…</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
      {text('phone', 'Phone (optional)', 'tel', false, 'tel')}
    </>
  );
}
