import { useParams } from 'react-router';
import { TaxonomyPage } from './TaxonomyPage.tsx';
import { useGetCategoryQuery } from './taxonomy-api.ts';

/** `/category/{slug}` and its pages. */
export function CategoryScreen() {
  const { slug = '', pageNumber = '1' } = useParams();
  const { currentData, error } = useGetCategoryQuery(slug);
  return (
    <TaxonomyPage
      // Another category's page starts afresh: its own panel, its own title.
      key={slug}
      kind="category"
      slug={slug}
      pageNumber={pageNumber}
      record={currentData}
      error={error}
    />
  );
}
