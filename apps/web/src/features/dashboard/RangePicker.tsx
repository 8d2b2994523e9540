import {
  customRangeProblem,
  DASHBOARD_RANGES,
  RANGE_LABELS,
  type DashboardRange,
} from '@proshop/domain/dashboard-ranges';
import type { DashboardQuery } from '@proshop/domain/dashboard-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

interface RangePickerProps {
  query: DashboardQuery;
  /** The days shown now: a custom range starts from them. */
  shown: { from: string; to: string } | undefined;
  onChange: (query: DashboardQuery) => void;
}

/**
 * The range: a preset is shown at once; a custom range takes two dates and is shown on Apply,
 * after the same check the server makes (customRangeProblem).
 */
export function RangePicker({ query, shown, onChange }: RangePickerProps) {
  const [range, setRange] = useState<DashboardRange>(query.range);
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  function choose(value: DashboardRange) {
    setRange(value);
    setProblem(null);
    if (value !== 'custom') {
      onChange({ range: value });
      return;
    }
    if (!from && shown) setFrom(shown.from);
    if (!to && shown) setTo(shown.to);
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    const found = customRangeProblem(from, to);
    setProblem(found?.message ?? null);
    if (!found) onChange({ range: 'custom', from, to });
  }

  return (
    <Form onSubmit={apply} className="d-flex flex-wrap align-items-end gap-2 mb-3">
      <Form.Group controlId="dashboard-range">
        <Form.Label className="mb-1">Range</Form.Label>
        <Form.Select
          value={range}
          onChange={(event) => choose(event.target.value as DashboardRange)}
        >
          {DASHBOARD_RANGES.map((value) => (
            <option key={value} value={value}>
              {RANGE_LABELS[value]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {range === 'custom' && (
        <>
          <Form.Group controlId="dashboard-from">
            <Form.Label className="mb-1">From</Form.Label>
            <Form.Control
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              isInvalid={problem !== null}
            />
          </Form.Group>
          <Form.Group controlId="dashboard-to">
            <Form.Label className="mb-1">To</Form.Label>
            <Form.Control
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              isInvalid={problem !== null}
            />
          </Form.Group>
          <Button type="submit" variant="dark">
            Apply
          </Button>
        </>
      )}
      {problem && (
        <div role="alert" className="text-danger w-100">
          {problem}
        </div>
      )}
    </Form>
  );
}
