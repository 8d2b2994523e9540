import { MAX_WEIGHT_BANDS, type ShippingMethod } from '@proshop/domain/shipping-schemas';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { InlineError } from '../../components/InlineError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { SettingsFormModal } from './SettingsFormModal.tsx';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { useCreateMethodMutation, useUpdateMethodMutation } from './shipping-admin-api.ts';
import {
  checkMethodDraft,
  draftFromMethod,
  emptyMethodDraft,
  type FieldErrors,
  type MethodDraft,
  type MethodField,
  type WeightBandDraft,
} from './shipping-forms.ts';

interface ShippingMethodModalProps {
  zone: { _id: string; name: string };
  /** The method edited; undefined for a new one (added last in its zone). */
  method: ShippingMethod | undefined;
  onClose: () => void;
}

const currency = <InputGroup.Text>{shopCurrency}</InputGroup.Text>;

/** A shipping method of a zone: its price and conditions, weight bands and estimate. */
export function ShippingMethodModal({ zone, method, onClose }: ShippingMethodModalProps) {
  const [nextKey] = useState(() => {
    let key = 0;
    return () => ++key;
  });
  const [draft, setDraft] = useState<MethodDraft>(() =>
    method ? draftFromMethod(method, nextKey) : emptyMethodDraft,
  );
  const [errors, setErrors] = useState<FieldErrors<MethodField>>({});
  const [createMethod, created] = useCreateMethodMutation();
  const [updateMethod, updated] = useUpdateMethodMutation();
  const saving = created.isLoading || updated.isLoading;
  const saveError = method ? updated.error : created.error;

  function change<Field extends MethodField>(field: Field, value: MethodDraft[Field]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  const text = (
    field: 'name' | 'price' | 'freeAbove' | 'minOrder' | 'estimateMinDays' | 'estimateMaxDays',
  ) => ({
    value: draft[field],
    onChange: (value: string) => change(field, value),
    error: errors[field],
  });

  function changeBand(key: number, fields: Partial<WeightBandDraft>) {
    change(
      'weightBands',
      draft.weightBands.map((band) => (band.key === key ? { ...band, ...fields } : band)),
    );
  }

  async function handleSubmit() {
    const checked = checkMethodDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const result = method
      ? await updateMethod({ id: method._id, body: checked.request })
      : await createMethod({ zone: zone._id, body: checked.request });
    if (!('error' in result)) onClose();
  }

  const title = method ? `Edit ${method.name}` : `Add method to ${zone.name}`;
  return (
    <SettingsFormModal
      titleId="method-modal-title"
      title={title}
      submitLabel={method ? 'Save method' : 'Add method'}
      saving={saving}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <TextField
        controlId="method-name"
        label="Method name"
        maxLength={80}
        placeholder="Standard"
        {...text('name')}
      />
      <TextField
        controlId="method-price"
        label="Price"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        addon={currency}
        {...text('price')}
      />
      <TextField
        controlId="method-free-above"
        label="Free above (optional)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        placeholder="Never free"
        hint="Orders above this, after their discount, ship free."
        addon={currency}
        {...text('freeAbove')}
      />
      <TextField
        controlId="method-min-order"
        label="Minimum order (optional)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        placeholder="None"
        addon={currency}
        {...text('minOrder')}
      />
      <WeightBands
        bands={draft.weightBands}
        error={errors.weightBands}
        onAdd={() =>
          change('weightBands', [
            ...draft.weightBands,
            { key: nextKey(), upToGrams: '', price: '' },
          ])
        }
        onChange={changeBand}
        onRemove={(key) =>
          change(
            'weightBands',
            draft.weightBands.filter((band) => band.key !== key),
          )
        }
      />
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">Delivery estimate (days)</legend>
        <div className="d-flex gap-2">
          <div className="flex-fill">
            <TextField
              controlId="method-estimate-min"
              label="Fastest"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...text('estimateMinDays')}
            />
          </div>
          <div className="flex-fill">
            <TextField
              controlId="method-estimate-max"
              label="Slowest"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...text('estimateMaxDays')}
            />
          </div>
        </div>
      </fieldset>
      <Form.Group className="mb-3" controlId="method-active">
        <Form.Check
          type="switch"
          label="Active"
          checked={draft.active}
          onChange={(event) => change('active', event.target.checked)}
        />
      </Form.Group>
      <InlineError error={saveError} />
    </SettingsFormModal>
  );
}

interface WeightBandsProps {
  bands: readonly WeightBandDraft[];
  error: string | undefined;
  onAdd: () => void;
  onChange: (key: number, fields: Partial<WeightBandDraft>) => void;
  onRemove: (key: number) => void;
}

/** Up to so many grams, this price: a parcel costs the lightest band it fits in. */
function WeightBands({ bands, error, onAdd, onChange, onRemove }: WeightBandsProps) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">Weight bands (optional)</legend>
      <div className="form-text mt-0 mb-2">
        None: the price above whatever the weight. With bands, a parcel costs the lightest band it
        fits in, and a heavier one cannot go by this method.
      </div>
      {bands.length > 0 && (
        // What the fields are; screen readers have their labels.
        <div className="d-flex gap-2 small fw-semibold mb-1" aria-hidden="true">
          <span className="flex-fill w-50">Up to</span>
          <span className="flex-fill w-50">Price</span>
          <span style={{ width: '44px' }} />
        </div>
      )}
      {bands.map((band, index) => (
        <div key={band.key} className="d-flex gap-2 mb-2 align-items-center">
          <InputGroup className="flex-fill w-50 flex-nowrap">
            <Form.Control
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              aria-label={`Band ${index + 1} up to grams`}
              value={band.upToGrams}
              onChange={(event) => onChange(band.key, { upToGrams: event.target.value })}
            />
            <InputGroup.Text>g</InputGroup.Text>
          </InputGroup>
          <InputGroup className="flex-fill w-50 flex-nowrap">
            <Form.Control
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              aria-label={`Band ${index + 1} price`}
              value={band.price}
              onChange={(event) => onChange(band.key, { price: event.target.value })}
            />
            {currency}
          </InputGroup>
          <Button
            variant="light"
            aria-label={`Remove band ${index + 1}`}
            onClick={() => onRemove(band.key)}
          >
            <span aria-hidden="true">×</span>
          </Button>
        </div>
      ))}
      <Button
        variant="outline-dark"
        size="sm"
        disabled={bands.length >= MAX_WEIGHT_BANDS}
        onClick={onAdd}
      >
        Add weight band
      </Button>
      {error && <div className="small text-danger mt-1">{error}</div>}
    </fieldset>
  );
}
