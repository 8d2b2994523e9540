import type { ShippingZone, TaxClass } from '@proshop/domain/shipping-schemas';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { InlineError } from '../../components/InlineError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { SettingsFormModal } from './SettingsFormModal.tsx';
import { CountryPicker } from './CountryPicker.tsx';
import { useCreateZoneMutation, useUpdateZoneMutation } from './shipping-admin-api.ts';
import {
  checkZoneDraft,
  draftFromZone,
  emptyZoneDraft,
  type FieldErrors,
  type ZoneDraft,
  type ZoneField,
} from './shipping-forms.ts';

interface ShippingZoneModalProps {
  /** The zone edited; undefined for a new one (added last). */
  zone: ShippingZone | undefined;
  taxClasses: readonly TaxClass[];
  onClose: () => void;
}

/** A zone's name, where it serves and how its shipping is taxed, in a dialog (full screen on a phone). */
export function ShippingZoneModal({ zone, taxClasses, onClose }: ShippingZoneModalProps) {
  const [draft, setDraft] = useState<ZoneDraft>(zone ? draftFromZone(zone) : emptyZoneDraft);
  const [errors, setErrors] = useState<FieldErrors<ZoneField>>({});
  const [createZone, created] = useCreateZoneMutation();
  const [updateZone, updated] = useUpdateZoneMutation();
  const saving = created.isLoading || updated.isLoading;
  const saveError = zone ? updated.error : created.error;

  function change<Field extends ZoneField>(field: Field, value: ZoneDraft[Field]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit() {
    const checked = checkZoneDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const result = zone
      ? await updateZone({ id: zone._id, body: checked.request })
      : await createZone(checked.request);
    if (!('error' in result)) onClose();
  }

  const title = zone ? `Edit zone ${zone.name}` : 'Add zone';
  return (
    <SettingsFormModal
      titleId="zone-modal-title"
      title={title}
      submitLabel={zone ? 'Save zone' : 'Add zone'}
      saving={saving}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <TextField
        controlId="zone-name"
        label="Zone name"
        maxLength={80}
        placeholder="European Union"
        value={draft.name}
        onChange={(value) => change('name', value)}
        error={errors.name}
      />
      <Form.Group className="mb-3" controlId="zone-rest-of-world">
        <Form.Check
          type="switch"
          label="Rest of the world"
          checked={draft.restOfWorld}
          onChange={(event) => change('restOfWorld', event.target.checked)}
          aria-describedby="zone-rest-of-world-hint"
        />
        <Form.Text id="zone-rest-of-world-hint" muted>
          Serves every address no zone above it serves. Without such a zone, addresses outside every
          zone cannot order.
        </Form.Text>
      </Form.Group>
      {!draft.restOfWorld && (
        <>
          <CountryPicker
            idPrefix="zone"
            selected={draft.countries}
            onChange={(codes) => change('countries', codes)}
            error={errors.countries}
          />
          <TextField
            controlId="zone-regions"
            label="Only these regions (optional)"
            placeholder="US-CA, US-NY"
            hint="ISO 3166-2 codes, separated by commas; each narrows its own country to itself."
            value={draft.regionsText}
            onChange={(value) => change('regionsText', value)}
            error={errors.regionsText}
          />
          <TextField
            controlId="zone-postal-prefixes"
            label="Only postal codes starting with (optional)"
            placeholder="75, 69"
            hint="Separated by commas."
            value={draft.postalPrefixesText}
            onChange={(value) => change('postalPrefixesText', value)}
            error={errors.postalPrefixesText}
          />
        </>
      )}
      <Form.Group className="mb-3" controlId="zone-shipping-tax-class">
        <Form.Label>Shipping tax</Form.Label>
        <Form.Select
          value={draft.shippingTaxClass}
          isInvalid={errors.shippingTaxClass !== undefined}
          onChange={(event) => change('shippingTaxClass', event.target.value)}
        >
          <option value="">Shipping untaxed</option>
          {taxClasses.map((taxClass) => (
            <option key={taxClass._id} value={taxClass._id}>
              Taxed as {taxClass.name}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.shippingTaxClass}</Form.Control.Feedback>
      </Form.Group>
      <InlineError error={saveError} />
    </SettingsFormModal>
  );
}
