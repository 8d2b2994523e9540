import type {
  Taxonomy,
  TaxonomyCreateRequest,
  TaxonomyKind,
} from '@proshop/domain/taxonomy-schemas';
import type { UploadResponse } from '@proshop/domain/product-schemas';
import { apiSlice } from '../../state/api-slice.ts';

/** The address of a kind's collection. */
const PATHS: Record<TaxonomyKind, string> = {
  category: '/api/categories',
  brand: '/api/brands',
};

/** The tag of a kind's records: the storefront's category and brand calls provide the same. */
const TAGS = { category: 'Category', brand: 'Brand' } as const;

/** A record as its forms send it: the slug may be left out (made from the name). */
type TaxonomyBody = Omit<TaxonomyCreateRequest, 'slug'> & { slug?: string | undefined };

/**
 * A change to a category or brand changes the names products show and their counts: the
 * `Product` tag goes with the kind's own, so the storefront never shows a stale name.
 */
const changed = (kind: TaxonomyKind) => (_result: unknown, error: unknown) =>
  error ? [] : [TAGS[kind], 'Product' as const];

const taxonomyAdminApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['Category', 'Brand', 'Product'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getTaxonomyList: build.query<Taxonomy[], TaxonomyKind>({
        query: (kind) => PATHS[kind],
        // Product edits make records and change their counts.
        providesTags: (_result, _error, kind) => [TAGS[kind], 'Product'],
      }),
      createTaxonomy: build.mutation<Taxonomy, { kind: TaxonomyKind; body: TaxonomyBody }>({
        query: ({ kind, body }) => ({ url: PATHS[kind], method: 'POST', body }),
        invalidatesTags: (result, error, { kind }) => changed(kind)(result, error),
      }),
      updateTaxonomy: build.mutation<
        Taxonomy,
        { kind: TaxonomyKind; id: string; body: TaxonomyBody }
      >({
        query: ({ kind, id, body }) => ({
          url: `${PATHS[kind]}/${encodeURIComponent(id)}`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: (result, error, { kind }) => changed(kind)(result, error),
      }),
      deleteTaxonomy: build.mutation<{ message: string }, { kind: TaxonomyKind; id: string }>({
        query: ({ kind, id }) => ({
          url: `${PATHS[kind]}/${encodeURIComponent(id)}`,
          method: 'DELETE',
        }),
        invalidatesTags: (result, error, { kind }) => changed(kind)(result, error),
      }),
      mergeTaxonomy: build.mutation<Taxonomy, { kind: TaxonomyKind; id: string; into: string }>({
        query: ({ kind, id, into }) => ({
          url: `${PATHS[kind]}/${encodeURIComponent(id)}/merge`,
          method: 'POST',
          body: { into },
        }),
        invalidatesTags: (result, error, { kind }) => changed(kind)(result, error),
      }),
      /** POST /api/upload, as a product's pictures are: the stored picture's address. */
      uploadTaxonomyPicture: build.mutation<UploadResponse, File>({
        query: (file) => {
          const body = new FormData();
          body.append('image', file);
          return { url: '/api/upload', method: 'POST', body };
        },
      }),
    }),
  });

export const {
  useGetTaxonomyListQuery,
  useCreateTaxonomyMutation,
  useUpdateTaxonomyMutation,
  useDeleteTaxonomyMutation,
  useMergeTaxonomyMutation,
  useUploadTaxonomyPictureMutation,
} = taxonomyAdminApi;
