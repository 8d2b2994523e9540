import type {
  ForgotPasswordRequest,
  LoginRequest,
  ProfileUpdateRequest,
  RegisterRequest,
  ResetCodeCheckRequest,
  ResetPasswordRequest,
  User,
  UserInfo,
} from '@proshop/domain/user-schemas';
import type { MessageResponse } from '@proshop/domain/route-schemas';
import type { ConfirmEmailRequest, ConfirmEmailResponse } from '@proshop/domain/email-confirmation';
import { apiSlice } from '../../state/api-slice.ts';
import { signedIn } from '../../state/session-slice.ts';

const usersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<UserInfo, LoginRequest>({
      query: (body) => ({ url: '/api/users/login', method: 'POST', body }),
    }),
    register: build.mutation<UserInfo, RegisterRequest>({
      query: (body) => ({ url: '/api/users', method: 'POST', body }),
    }),
    // Takes the token it ends: the web app forgets the session before the answer comes, and a
    // refusal (an expired token) must not be taken for the end of a newer session.
    logout: build.mutation<void, string>({
      query: (token) => ({
        url: '/api/users/logout',
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      }),
    }),
    getProfile: build.query<User, void>({
      query: () => '/api/users/profile',
    }),
    updateProfile: build.mutation<UserInfo, ProfileUpdateRequest>({
      query: (body) => ({ url: '/api/users/profile', method: 'PUT', body }),
      // The answer is the saved profile with a fresh token (a new password ends older tokens).
      // It goes straight into the session and the cache: refetching the profile could still
      // carry the old token and be refused.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(signedIn(data));
          const { token: _token, ...user } = data;
          void dispatch(usersApi.util.upsertQueryData('getProfile', undefined, user));
        } catch {
          // The screen shows the error.
        }
      },
    }),
    confirmEmail: build.mutation<ConfirmEmailResponse, ConfirmEmailRequest>({
      query: (body) => ({ url: '/api/users/confirm-email', method: 'POST', body }),
      // The profile (and the banner that reads it) shows the confirmed address at once.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        // A signed-out visitor has no profile to refresh: the query stays unasked.
        const refresh = usersApi.endpoints.getProfile.initiate(undefined, {
          forceRefetch: true,
          subscribe: false,
        });
        void dispatch((thunkDispatch, getState) => {
          const cached = usersApi.endpoints.getProfile.select()(getState() as never);
          if (!cached.isUninitialized) void thunkDispatch(refresh);
        });
      },
    }),
    resendConfirmation: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/api/users/confirm-email/resend', method: 'POST' }),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: '/api/users/forgotpassword', method: 'POST', body }),
    }),
    checkResetCode: build.mutation<MessageResponse, ResetCodeCheckRequest>({
      query: (body) => ({ url: '/api/users/forgotpassword/check', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: '/api/users/resetpassword', method: 'PUT', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useConfirmEmailMutation,
  useResendConfirmationMutation,
  useForgotPasswordMutation,
  useCheckResetCodeMutation,
  useResetPasswordMutation,
} = usersApi;
