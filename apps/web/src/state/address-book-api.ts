import type { Address, AddressRequest } from '@proshop/domain/address-schemas';
import type { MessageResponse } from '@proshop/domain/route-schemas';
import { apiSlice } from './api-slice.ts';

// Shared state, not a feature's: the profile's address book (features/addresses) and the
// shipping step (features/checkout) both read and write it, and features never import each other.

const addressBookApi = apiSlice.enhanceEndpoints({ addTagTypes: ['Address'] }).injectEndpoints({
  endpoints: (build) => ({
    getAddresses: build.query<Address[], void>({
      query: () => '/api/addresses',
      providesTags: ['Address'],
    }),
    addAddress: build.mutation<Address, AddressRequest>({
      query: (body) => ({ url: '/api/addresses', method: 'POST', body }),
      invalidatesTags: ['Address'],
    }),
    updateAddress: build.mutation<Address, { id: string; address: AddressRequest }>({
      query: ({ id, address }) => ({ url: `/api/addresses/${id}`, method: 'PUT', body: address }),
      invalidatesTags: ['Address'],
    }),
    deleteAddress: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/api/addresses/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Address'],
    }),
  }),
});

export const {
  useGetAddressesQuery,
  useAddAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
} = addressBookApi;
