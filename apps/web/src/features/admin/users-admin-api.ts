import type { AdminUserUpdateRequest, User } from '@proshop/domain/user-schemas';
import { apiSlice } from '../../state/api-slice.ts';

interface UserUpdateArgs extends AdminUserUpdateRequest {
  id: string;
}

const usersAdminApi = apiSlice.enhanceEndpoints({ addTagTypes: ['User'] }).injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<User[], void>({
      query: () => '/api/users',
      providesTags: (users = []) => [
        { type: 'User', id: 'LIST' },
        ...users.map((user) => ({ type: 'User' as const, id: user._id })),
      ],
    }),
    getUser: build.query<User, string>({
      query: (id) => `/api/users/${encodeURIComponent(id)}`,
      providesTags: (_user, _error, id) => [{ type: 'User', id }],
    }),
    updateUser: build.mutation<User, UserUpdateArgs>({
      query: ({ id, ...body }) => ({
        url: `/api/users/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_user, _error, { id }) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
      ],
    }),
    deleteUser: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useGetUsersQuery, useGetUserQuery, useUpdateUserMutation, useDeleteUserMutation } =
  usersAdminApi;
