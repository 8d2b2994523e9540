import type { Taxonomy } from '@proshop/domain/taxonomy-schemas';
import { apiSlice } from '../../state/api-slice.ts';

/**
 * The storefront's categories and brands: the header's menu and the pages of one each. Editing
 * a product can make a new one and changes their product counts, hence the `Product` tag too;
 * the admin's taxonomy screens invalidate `Category` and `Brand`.
 */
const taxonomyApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['Category', 'Brand', 'Product'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getCategories: build.query<Taxonomy[], void>({
        query: () => '/api/categories',
        providesTags: ['Category', 'Product'],
      }),
      getCategory: build.query<Taxonomy, string>({
        query: (slug) => `/api/categories/${encodeURIComponent(slug)}`,
        providesTags: ['Category', 'Product'],
      }),
      getBrand: build.query<Taxonomy, string>({
        query: (slug) => `/api/brands/${encodeURIComponent(slug)}`,
        providesTags: ['Brand', 'Product'],
      }),
    }),
  });

export const { useGetCategoriesQuery, useGetCategoryQuery, useGetBrandQuery } = taxonomyApi;

/** Asks for the categories ahead of the header's menu opening (on hover or focus). */
export const usePrefetchCategories = () => taxonomyApi.usePrefetch('getCategories');
