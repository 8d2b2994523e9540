import type { TaxRate } from '@proshop/domain/shipping-schemas';
import { useState } from 'react';
import InputGroup from 'react-bootstrap/InputGroup';
import { InlineError } from '../../components/InlineError.tsx';
import { TextField } from '../../components/TextField.tsx';
import { SettingsFormModal } from './SettingsFormModal.tsx';
import { usePutTaxRateMutation } from './shipping-admin-api.ts';
import {
  checkRateDraft,
  draftFromRate,
  type FieldErrors,
  type RateDraft,
  type RateField,
} from './shipping-forms.ts';

interface TaxRateModalProps {
  zone: { _id: string; name: string };
  taxClass: { _id: string; name: string };
  /** The rate there is; undefined when the class is untaxed in the zone so far. */
  rate: TaxRate | undefined;
  onClose: () => void;
}

/** The rate of one tax class in one zone: its name on the shopper's receipt and its percentage. */
export function TaxRateModal({ zone, taxClass, rate, onClose }: TaxRateModalProps) {
  const [draft, setDraft] = useState<RateDraft>(() => draftFromRate(rate));
  const [errors, setErrors] = useState<FieldErrors<RateField>>({});
  const [putRate, { isLoading, error }] = usePutTaxRateMutation();

  function change(field: RateField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit() {
    const checked = checkRateDraft(draft, zone._id, taxClass._id);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const result = await putRate(checked.request);
    if (!('error' in result)) onClose();
  }

  return (
    <SettingsFormModal
      titleId="rate-modal-title"
      title={
        <>
          {taxClass.name} tax in {zone.name}
        </>
      }
      submitLabel={'Save rate'}
      saving={isLoading}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <TextField
        controlId="rate-name"
        label="Tax name"
        maxLength={40}
        placeholder="VAT"
        hint="Shown to the shopper beside the amount."
        value={draft.name}
        onChange={(value) => change('name', value)}
        error={errors.name}
      />
      <TextField
        controlId="rate-percent"
        label="Rate"
        inputMode="decimal"
        placeholder="20"
        addon={<InputGroup.Text>%</InputGroup.Text>}
        value={draft.percent}
        onChange={(value) => change('percent', value)}
        error={errors.percent}
      />
      <InlineError error={error} />
    </SettingsFormModal>
  );
}
