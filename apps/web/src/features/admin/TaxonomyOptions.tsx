import type { TaxonomyKind } from '@proshop/domain/taxonomy-schemas';
import { useGetTaxonomyListQuery } from './taxonomy-admin-api.ts';

/**
 * The existing categories or brands as a field's suggestions (`<input list={id}>`): typing picks
 * one, a new name makes a new record when the form is saved, and an empty field means none.
 */
export function TaxonomyOptions({ id, kind }: { id: string; kind: TaxonomyKind }) {
  const { data: records = [] } = useGetTaxonomyListQuery(kind);
  return (
    <datalist id={id}>
      {records.map((record) => (
        <option key={record._id} value={record.name} />
      ))}
    </datalist>
  );
}
