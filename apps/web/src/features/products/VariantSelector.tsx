import type { ProductVariant } from '@proshop/domain/product-schemas';
import { valueAvailable, type OptionChoice, type ProductOption } from '@proshop/domain/variants';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';

/** An option with more values than this, or a value longer than VALUE_LENGTH_FOR_SELECT, is a select. */
const BUTTONS_MAX_VALUES = 6;
const VALUE_LENGTH_FOR_SELECT = 20;

/** Told to screen readers after a value, and shown in a select's entries. */
const UNAVAILABLE = ' (unavailable)';

/** An unavailable value's button: struck through, dashed, but still a choice. */
const UNAVAILABLE_STYLE = { borderStyle: 'dashed' } as const;

interface VariantSelectorProps {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  choice: OptionChoice;
  onChoose: (option: string, value: string) => void;
}

/**
 * One choice per option of the product: buttons (radio buttons, so a screen reader hears one
 * group per option and the arrow keys move within it) for a few short values, a select for a
 * long list. A value that leads to no variant in stock with the other values chosen is marked
 * unavailable but can still be chosen: the page then says why it cannot be bought.
 */
export function VariantSelector({ options, variants, choice, onChoose }: VariantSelectorProps) {
  return (
    <>
      {options.map((option) => {
        const values = option.values.map((value) => ({
          value,
          available: valueAvailable(variants, choice, option.name, value),
        }));
        const asSelect =
          values.length > BUTTONS_MAX_VALUES ||
          option.values.some((value) => value.length > VALUE_LENGTH_FOR_SELECT);
        const Choice = asSelect ? SelectChoice : ButtonChoice;
        return (
          <Choice
            key={option.name}
            name={option.name}
            values={values}
            chosen={choice[option.name]}
            onChoose={(value) => onChoose(option.name, value)}
          />
        );
      })}
    </>
  );
}

interface ChoiceProps {
  name: string;
  values: { value: string; available: boolean }[];
  chosen: string | undefined;
  onChoose: (value: string) => void;
}

function ButtonChoice({ name, values, chosen, onChoose }: ChoiceProps) {
  const idPrefix = useId();
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 mb-2">
        {name}
        {chosen !== undefined && (
          // The radio buttons already tell screen readers which value is chosen.
          <span aria-hidden="true">
            : <span className="fw-semibold">{chosen}</span>
          </span>
        )}
      </legend>
      <div className="d-flex flex-wrap gap-2">
        {values.map(({ value, available }, index) => {
          const inputId = `${idPrefix}-${index}`;
          return (
            <div key={value}>
              <input
                id={inputId}
                type="radio"
                className="btn-check"
                name={idPrefix}
                value={value}
                checked={chosen === value}
                onChange={() => onChoose(value)}
              />
              <label
                htmlFor={inputId}
                className={`btn btn-outline-dark${available ? '' : ' text-decoration-line-through'}`}
                style={available ? undefined : UNAVAILABLE_STYLE}
              >
                {value}
                {!available && <span className="visually-hidden">{UNAVAILABLE}</span>}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function SelectChoice({ name, values, chosen, onChoose }: ChoiceProps) {
  const id = useId();
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label className="mb-1">{name}</Form.Label>
      <Form.Select
        value={chosen ?? ''}
        onChange={(event) => {
          if (event.target.value) onChoose(event.target.value);
        }}
      >
        {/* The prompt while nothing is chosen; once a value is, the list holds values only. */}
        {chosen === undefined && <option value="">Choose a {name}</option>}
        {values.map(({ value, available }) => (
          <option key={value} value={value}>
            {available ? value : `${value}${UNAVAILABLE}`}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
