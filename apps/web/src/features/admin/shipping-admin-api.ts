import type { MessageResponse } from '@proshop/domain/route-schemas';
import type {
  MethodRequest,
  ShippingMethod,
  ShippingSettings,
  ShippingZone,
  TaxClass,
  TaxRate,
  ZoneRequest,
} from '@proshop/domain/shipping-schemas';
import { apiSlice } from '../../state/api-slice.ts';

/** One tax class as the product form's select lists it (GET /api/admin/tax-classes). */
export interface TaxClassChoice {
  _id: string;
  name: string;
  isDefault: boolean;
}

const SETTINGS = { type: 'ShippingSettings', id: 'ALL' } as const;
const CLASSES = { type: 'TaxClass', id: 'LIST' } as const;

/** A refused change refreshes nothing; any other refreshes the Settings screen. */
const settingsChanged = (_result: unknown, error: unknown) => (error ? [] : [SETTINGS]);
/** A change of the classes: the Settings screen and the product form's select. */
const classesChanged = (_result: unknown, error: unknown) => (error ? [] : [SETTINGS, CLASSES]);

const encoded = (id: string) => encodeURIComponent(id);

/**
 * The merchant's shipping and tax settings (issue #38): zones in the order they are matched,
 * their methods and tax rates, the tax classes and whether prices include tax. The Settings
 * screen reads them all in one call and every change reloads it, since one change can move
 * another's figures (a class made default, a zone moved up).
 */
const shippingAdminApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['ShippingSettings', 'TaxClass', 'Product'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getShippingSettings: build.query<ShippingSettings, void>({
        query: () => '/api/admin/shipping',
        // A product moved to another class changes the classes' product counts.
        providesTags: [SETTINGS, 'Product'],
      }),
      createZone: build.mutation<ShippingZone, ZoneRequest>({
        query: (body) => ({ url: '/api/admin/shipping/zones', method: 'POST', body }),
        invalidatesTags: settingsChanged,
      }),
      updateZone: build.mutation<ShippingZone, { id: string; body: ZoneRequest }>({
        query: ({ id, body }) => ({
          url: `/api/admin/shipping/zones/${encoded(id)}`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: settingsChanged,
      }),
      deleteZone: build.mutation<MessageResponse, string>({
        query: (id) => ({ url: `/api/admin/shipping/zones/${encoded(id)}`, method: 'DELETE' }),
        invalidatesTags: settingsChanged,
      }),
      /** Every zone's id, in the order they are matched; answers the whole settings. */
      orderZones: build.mutation<ShippingSettings, string[]>({
        query: (zones) => ({
          url: '/api/admin/shipping/zone-order',
          method: 'PUT',
          body: { zones },
        }),
        invalidatesTags: settingsChanged,
      }),
      createMethod: build.mutation<ShippingMethod, { zone: string; body: MethodRequest }>({
        query: ({ zone, body }) => ({
          url: `/api/admin/shipping/zones/${encoded(zone)}/methods`,
          method: 'POST',
          body,
        }),
        invalidatesTags: settingsChanged,
      }),
      updateMethod: build.mutation<ShippingMethod, { id: string; body: MethodRequest }>({
        query: ({ id, body }) => ({
          url: `/api/admin/shipping/methods/${encoded(id)}`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: settingsChanged,
      }),
      deleteMethod: build.mutation<MessageResponse, string>({
        query: (id) => ({ url: `/api/admin/shipping/methods/${encoded(id)}`, method: 'DELETE' }),
        invalidatesTags: settingsChanged,
      }),
      getTaxClasses: build.query<TaxClassChoice[], void>({
        query: () => '/api/admin/tax-classes',
        providesTags: [CLASSES],
      }),
      createTaxClass: build.mutation<TaxClass, { name: string; isDefault?: boolean }>({
        query: (body) => ({ url: '/api/admin/tax-classes', method: 'POST', body }),
        invalidatesTags: classesChanged,
      }),
      updateTaxClass: build.mutation<
        TaxClass,
        { id: string; body: { name: string; isDefault?: boolean } }
      >({
        query: ({ id, body }) => ({
          url: `/api/admin/tax-classes/${encoded(id)}`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: classesChanged,
      }),
      deleteTaxClass: build.mutation<MessageResponse, string>({
        query: (id) => ({ url: `/api/admin/tax-classes/${encoded(id)}`, method: 'DELETE' }),
        invalidatesTags: classesChanged,
      }),
      /** The rate of a class in a zone, made or changed (one per zone and class). */
      putTaxRate: build.mutation<
        TaxRate,
        { zone: string; taxClass: string; name: string; basisPoints: number }
      >({
        query: (body) => ({ url: '/api/admin/tax-rates', method: 'PUT', body }),
        invalidatesTags: settingsChanged,
      }),
      deleteTaxRate: build.mutation<MessageResponse, string>({
        query: (id) => ({ url: `/api/admin/tax-rates/${encoded(id)}`, method: 'DELETE' }),
        invalidatesTags: settingsChanged,
      }),
      putTaxSettings: build.mutation<{ pricesIncludeTax: boolean }, { pricesIncludeTax: boolean }>({
        query: (body) => ({ url: '/api/admin/tax-settings', method: 'PUT', body }),
        invalidatesTags: settingsChanged,
      }),
    }),
  });

export const {
  useGetShippingSettingsQuery,
  useCreateZoneMutation,
  useUpdateZoneMutation,
  useDeleteZoneMutation,
  useOrderZonesMutation,
  useCreateMethodMutation,
  useUpdateMethodMutation,
  useDeleteMethodMutation,
  useGetTaxClassesQuery,
  useCreateTaxClassMutation,
  useUpdateTaxClassMutation,
  useDeleteTaxClassMutation,
  usePutTaxRateMutation,
  useDeleteTaxRateMutation,
  usePutTaxSettingsMutation,
} = shippingAdminApi;
