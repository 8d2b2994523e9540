import type { FilterChip } from './catalogue-query.ts';

interface FilterChipsProps {
  chips: FilterChip[];
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
}

/** The active filters, each a button that removes it, and Clear all. */
export function FilterChips({ chips, onRemove, onClearAll }: FilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <ul
      className="list-unstyled d-flex flex-wrap align-items-center gap-2 mb-3"
      aria-label="Active filters"
    >
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary rounded-pill"
            aria-label={chip.removeLabel}
            onClick={() => onRemove(chip)}
          >
            {chip.label} <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="btn btn-sm btn-link" onClick={onClearAll}>
          Clear all
        </button>
      </li>
    </ul>
  );
}
