import { useParams } from 'react-router';
import { TaxonomyPage } from './TaxonomyPage.tsx';
import { useGetBrandQuery } from './taxonomy-api.ts';

/** `/brand/{slug}` and its pages. */
export function BrandScreen() {
  const { slug = '', pageNumber = '1' } = useParams();
  const { currentData, error } = useGetBrandQuery(slug);
  return (
    <TaxonomyPage
      // Another brand's page starts afresh: its own panel, its own title.
      key={slug}
      kind="brand"
      slug={slug}
      pageNumber={pageNumber}
      record={currentData}
      error={error}
    />
  );
}
