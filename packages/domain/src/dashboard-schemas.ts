import { z } from 'zod';
import { BUCKET_UNITS, customRangeProblem, DASHBOARD_RANGES } from './dashboard-ranges.ts';
import { optionValueSchema } from './variant-schemas.ts';

/** The most orders waiting to be sent the dashboard lists (the oldest), and low-stock variants. */
export const WAITING_ORDERS_SHOWN = 5;
export const LOW_STOCK_SHOWN = 20;
export const TOP_PRODUCTS_SHOWN = 5;

/**
 * GET /api/dashboard (admin). `range` defaults to the last 30 days; `from` and `to` (calendar
 * days, both included, in the shop's time zone) go with `range=custom` and are ignored
 * otherwise.
 */
export const dashboardQuerySchema = z
  .object({
    range: z
      .enum(DASHBOARD_RANGES, `Range must be one of ${DASHBOARD_RANGES.join(', ')}`)
      .default('30d'),
    from: z.string().optional(),
    to: z.string().optional(),
  })
  .superRefine((query, context) => {
    if (query.range !== 'custom') return;
    const problem = customRangeProblem(query.from, query.to);
    if (problem)
      context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** A figure of the period, the same of the period before, and the change in % (null: none before). */
const figureSchema = z.object({
  current: z.number(),
  previous: z.number(),
  change: z.number().nullable(),
});
export type DashboardFigure = z.infer<typeof figureSchema>;

/** Money in the shop's currency (2 decimals), counts as whole numbers. docs/decisions/0021. */
export const dashboardFiguresSchema = z.object({
  /** Gross sales − discounts − refunds. */
  netSales: figureSchema,
  /** The items of the orders paid in the period, before their discounts (no tax, no shipping). */
  grossSales: figureSchema,
  discounts: figureSchema,
  /** Refunds made in the period (pending or completed), less the tax and shipping they gave back. */
  refunds: figureSchema,
  /** Orders paid in the period. */
  orders: figureSchema,
  /** (Gross sales − discounts) / orders. */
  averageOrderValue: figureSchema,
  /** Units on the lines of the orders paid in the period. */
  itemsSold: figureSchema,
  /** Accounts whose first paid order was paid in the period. */
  newCustomers: figureSchema,
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardSchema = z.object({
  period: z.object({
    range: z.enum(DASHBOARD_RANGES),
    from: z.string(),
    to: z.string(),
    previousFrom: z.string(),
    previousTo: z.string(),
    unit: z.enum(BUCKET_UNITS),
    /** The shop's time zone, in which the days begin (SHOP_TIMEZONE). */
    timeZone: z.string(),
  }),
  figures: dashboardFiguresSchema,
  /** Every bucket of the period in order, empty ones with 0. */
  series: z.array(
    z.object({
      start: z.string(),
      end: z.string(),
      netSales: z.number(),
      orders: z.number().int(),
    }),
  ),
  /** The products that sold for the most in the period (line prices less their discounts). */
  topProducts: z.array(
    z.object({
      /** Null for lines of a product since deleted. */
      productId: z.string().nullable(),
      name: z.string(),
      units: z.number().int(),
      revenue: z.number(),
    }),
  ),
  /** Paid orders neither sent nor cancelled, whenever paid; the oldest first. */
  waiting: z.object({
    count: z.number().int(),
    oldest: z.array(
      z.object({
        _id: z.string(),
        buyerName: z.string(),
        paidAt: z.string(),
        totalPrice: z.number(),
      }),
    ),
  }),
  /** Variants on offer at or below their threshold, the fewest units first. */
  lowStock: z.object({
    count: z.number().int(),
    variants: z.array(
      z.object({
        productId: z.string(),
        productName: z.string(),
        variantId: z.string(),
        sku: z.string(),
        options: z.array(optionValueSchema),
        countInStock: z.number().int(),
        threshold: z.number().int(),
      }),
    ),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
