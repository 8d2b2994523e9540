import type { Dashboard, DashboardQuery } from '@proshop/domain/dashboard-schemas';
import { apiSlice } from '../../state/api-slice.ts';

/** The admin's sales dashboard: one call per range. */
const dashboardApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, DashboardQuery>({
      query: ({ range, from, to }) => ({
        url: '/api/dashboard',
        params: range === 'custom' ? { range, from, to } : { range },
      }),
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
