import type { ProductSort } from '@proshop/domain/catalogue-query';
import { useId } from 'react';
import { SORT_OPTIONS } from './catalogue-query.ts';

interface SortSelectProps {
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
}

/** The list's order; Bootstrap's classes on a plain select (react-bootstrap's Form is heavier). */
export function SortSelect({ value, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={id} className="text-nowrap">
        Sort by
      </label>
      <select
        id={id}
        className="form-select form-select-sm w-auto"
        value={value}
        onChange={(event) =>
          onChange(
            SORT_OPTIONS.find((option) => option.value === event.target.value)?.value ?? value,
          )
        }
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
