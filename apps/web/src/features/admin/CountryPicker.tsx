import { COUNTRY_CODES, countryName } from '@proshop/domain/countries';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

interface CountryPickerProps {
  /** The form's id prefix, so that two pickers never share an id. */
  idPrefix: string;
  selected: readonly string[];
  onChange: (codes: string[]) => void;
  error: string | undefined;
}

/**
 * A zone's countries: those chosen, each with a Remove button, above a search box that narrows
 * the list of every country (by name or code) to tick. Codes are what the zone keeps; names are
 * the browser's (Intl.DisplayNames), in the shop's language.
 */
export function CountryPicker({ idPrefix, selected, onChange, error }: CountryPickerProps) {
  const [search, setSearch] = useState('');
  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    [],
  );
  const wanted = search.trim().toLowerCase();
  const shown = wanted
    ? countries.filter(
        ({ code, name }) => name.toLowerCase().includes(wanted) || code.toLowerCase() === wanted,
      )
    : countries;
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...selected, code] : selected.filter((each) => each !== code));
  const errorId = `${idPrefix}-countries-error`;

  return (
    <fieldset className="mb-3" aria-describedby={error ? errorId : undefined}>
      <legend className="form-label fs-6 mb-1">Countries</legend>
      {selected.length === 0 ? (
        <div className="form-text mt-0 mb-2">None chosen yet.</div>
      ) : (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label="Chosen countries">
          {selected.map((code) => (
            <li key={code}>
              <Button
                size="sm"
                variant="outline-secondary"
                aria-label={`Remove ${countryName(code)}`}
                onClick={() => toggle(code, false)}
              >
                {countryName(code)} <span aria-hidden="true">×</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Form.Control
        type="search"
        size="sm"
        className="mb-2"
        aria-label="Search countries"
        placeholder="Search countries"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        // Enter narrows the list rather than sending the zone's form.
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
      />
      {/* A long list scrolls inside its box. */}
      <div
        className="border rounded px-2 py-1 overflow-auto"
        style={{ maxHeight: '14rem' }}
        role="group"
        aria-label="Countries to choose from"
      >
        {shown.length === 0 ? (
          <div className="small text-body-secondary py-2">No country matches</div>
        ) : (
          shown.map(({ code, name }) => (
            <Form.Check
              key={code}
              id={`${idPrefix}-country-${code}`}
              label={name}
              checked={selected.includes(code)}
              onChange={(event) => toggle(code, event.target.checked)}
            />
          ))
        )}
      </div>
      {error && (
        <div id={errorId} className="small text-danger mt-1">
          {error}
        </div>
      )}
    </fieldset>
  );
}
