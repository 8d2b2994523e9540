// Shoppers and their order history for the benches, made inside PostgreSQL with generate_series
// in batches (docs/decisions/0048): each batch is its own short transaction, so that 10,000,000
// orders never make one statement near the pool's 15 s query timeout, and an order is never
// stored without its lines.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { progressOf } from './seed-products.ts';
import { vacuumLikeAutovacuum } from './vacuum.ts';

/**
 * Orders (about twice as many lines) inserted by one transaction. Measured on the busy 2-core
 * machine, 25,000 orders a slice took 2.5 s for the orders and 8 s for their 50,000 lines (the
 * trigram index of the order search is most of it): too near the 15 s timeout; 10,000 stay
 * near 3 s a statement.
 */
const SLICE = 10_000;
/** Shoppers, and products copied to the bench's index table, inserted by one statement. */
const ROWS = 100_000;
/** Discount codes the orders with one use, in turn. */
const CODES = 20;

export interface OrderHistory {
  /** Shoppers: shopper-0 has about 1,000 orders (My Orders), the others share the rest. */
  shoppers: number;
  orders: number;
  /** Years the orders go back from now (3). */
  years?: number;
}

/** The shopper of order g: shopper-0 has one order in `step`, the others the rest in turn. */
function shopperOf(history: OrderHistory) {
  const step = Math.max(2, Math.floor(history.orders / 1_000));
  const others = Math.max(1, history.shoppers - 1);
  return {
    step,
    sql:
      history.shoppers === 1
        ? sql`0`
        : sql`case when o.g % ${step} = 0 then 0 else 1 + o.g % ${others} end`,
  };
}

/**
 * Inserts the shoppers (`shopper-<n>@bench.test`, not able to sign in: the bench signs their
 * tokens) and the orders, one every (years / orders) back from now, newest last. Order g has
 * 1 + g % 3 lines (2 on average) of catalogue products at their catalogue prices, each of its
 * product's first variant. One order in ten uses a discount code (10 % off its lines, the lines'
 * shares stored), and the paid ones hold a use of it (discount_uses, discounts.uses). Totals
 * follow the shop's rule (free shipping above 100, 15 % tax). Three orders in four are paid
 * (paid_at, the stock taken), half of those sent, half of the sent ones delivered; 3 % of
 * orders, all paid, have a completed refund of one unit of their first line. Then vacuums and
 * analyses, as autovacuum would have. Answers the seconds it took and shopper-0's orders.
 */
export async function seedOrders(
  db: Database,
  history: OrderHistory,
): Promise<{ seconds: number; heavyShopperOrders: number }> {
  const started = performance.now();
  const { shoppers, orders, years = 3 } = history;
  for (let first = 0; first < shoppers; first += ROWS) {
    await db.execute(sql`
      insert into users (name, email, password_hash)
      select 'Bench Shopper ' || n, 'shopper-' || n || '@bench.test', 'no password'
      from generate_series(${first}::int, ${Math.min(shoppers, first + ROWS) - 1}::int) n`);
  }
  // Index tables (dropped at the end): products and shoppers by number, for the lines.
  await db.execute(sql`drop table if exists bench_products, bench_shoppers, bench_codes`);
  await db.execute(sql`
    create unlogged table bench_products (n int primary key, id uuid, variant_id uuid, name text,
      sku text, image text, price numeric(12, 2))`);
  for (let first = 0; ; first += ROWS) {
    const result = await db.execute(sql`
      insert into bench_products
      select ${first}::int + (row_number() over (order by p.id))::int - 1, p.id, v.id, p.name,
        v.sku, p.image, coalesce(v.price, p.price)
      from (select id, name, image, price from products
        where id > coalesce((select id from bench_products where n = ${first - 1}::int),
          '00000000-0000-0000-0000-000000000000')
        order by id limit ${ROWS}) p
      join lateral (select id, sku, price from product_variants
        where product_id = p.id order by position limit 1) v on true`);
    if ((result as { rowCount?: number | null }).rowCount !== ROWS) break;
  }
  await db.execute(sql`
    create unlogged table bench_shoppers as
    select substring(email from 'shopper-([0-9]+)@')::int as n, id, name, email
    from users where email like 'shopper-%@bench.test'`);
  await db.execute(sql`alter table bench_shoppers add primary key (n)`);
  await db.execute(sql`
    insert into discounts (code, kind, value)
    select 'BENCH10-' || i, 'percentage', 10 from generate_series(1, ${CODES}) i`);
  await db.execute(sql`
    create unlogged table bench_codes as
    select (row_number() over (order by code) - 1)::int as i, id, code from discounts
    where code like 'BENCH10-%'`);
  const [{ products }] = (
    (await db.execute(sql`select count(*)::int as products from bench_products`)) as {
      rows: { products: number }[];
    }
  ).rows as [{ products: number }];
  const shopper = shopperOf(history);
  const span = sql`(interval '1 day' * ${years * 365}) * ((${orders} - o.g)::float8 / ${orders})`;

  const progress = progressOf('orders', orders, started);
  for (let first = 0; first < orders; first += SLICE) {
    const last = Math.min(orders, first + SLICE) - 1;
    // Each line, with its share of the order's discount (one order in ten).
    const lines = sql`
      select g, k, p.id as product_id, p.variant_id, p.name, p.sku, p.image, p.price,
        1 + (g + k) % 3 as qty,
        case when g % 10 = 0 then round(p.price * (1 + (g + k) % 3) * 0.10, 2) else 0 end as discount
      from generate_series(${first}::int, ${last}::int) g
      cross join lateral generate_series(0, g % 3) k
      join bench_products p on p.n = (g::bigint * 7919 + k * 104729) % ${products}`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into orders (id, user_id, buyer_name, buyer_email, address, city, postal_code,
          country, payment_method, items_price, discount_price, discount_code, discount_id,
          shipping_price, tax_price, total_price, is_paid, paid_at, payment_provider,
          is_sent, sent_at, is_delivered, delivered_at, created_at, updated_at)
        select md5('order-' || o.g)::uuid, s.id, s.name, s.email, o.g || ' Main Street',
          'Springfield', '12345', 'US', 'PayPal', o.items, o.discount,
          d.code, d.id, t.shipping, t.tax, o.items - o.discount + t.shipping + t.tax,
          o.g % 4 <> 0, case when o.g % 4 <> 0 then t.created_at + interval '5 minutes' end,
          case when o.g % 4 <> 0 then 'paypal' end,
          o.g % 4 >= 2, case when o.g % 4 >= 2 then t.created_at + interval '1 day' end,
          o.g % 4 = 3, case when o.g % 4 = 3 then t.created_at + interval '3 days' end,
          t.created_at, t.created_at
        from (select g, sum(price * qty) as items, sum(discount) as discount from (${lines}) l
          group by g) o
        join bench_shoppers s on s.n = ${shopper.sql}
        left join bench_codes d on o.g % 10 = 0 and d.i = (o.g / 10) % ${CODES}
        cross join lateral (select
          case when o.items - o.discount > 100 then 0 else 25 end as shipping,
          round((o.items - o.discount) * 0.15, 2) as tax,
          now() - ${span} as created_at) t`);
      await tx.execute(sql`
        insert into order_items (id, order_id, product_id, variant_id, name, sku, image, price,
          qty, discount, position, stock_taken)
        select md5('line-' || g || '-' || k)::uuid, md5('order-' || g)::uuid, product_id,
          variant_id, name, sku, image, price, qty, discount, k,
          case when g % 4 <> 0 then qty else 0 end
        from (${lines}) l`);
      // The paid orders with a code hold a use of it (modules/promotions/uses.ts).
      await tx.execute(sql`
        insert into discount_uses (order_id, discount_id, user_id, buyer_email, created_at)
        select id, discount_id, user_id, buyer_email, paid_at from orders
        where id in (select md5('order-' || g)::uuid
          from generate_series(${first}::int, ${last}::int) g where g % 20 = 10)`);
      // 3 % of orders (g % 100 is 1, 2 or 3: all paid, none with a code): one unit of the
      // first line given back, its tax with it, as the admin's refund computes it.
      await tx.execute(sql`
        with r as (
          insert into refunds (id, order_id, amount, currency, reason, status, request_id,
            completed_at, created_at, updated_at)
          select md5('refund-' || g)::uuid, md5('order-' || g)::uuid,
            round(i.price * 1.15, 2), 'USD', 'Bench refund', 'completed', gen_random_uuid(),
            o.paid_at + interval '2 days', o.paid_at + interval '2 days', o.paid_at + interval '2 days'
          from generate_series(${first}::int, ${last}::int) g
          join orders o on o.id = md5('order-' || g)::uuid
          join order_items i on i.id = md5('line-' || g || '-0')::uuid
          where g % 100 between 1 and 3
          returning id, order_id)
        insert into refund_lines (refund_id, order_item_id, qty)
        select r.id, i.id, 1 from r join order_items i on i.order_id = r.order_id and i.position = 0`);
    });
    progress(last + 1);
  }
  await db.execute(sql`
    update discounts set uses = (select count(*) from discount_uses u where u.discount_id = discounts.id)
    where code like 'BENCH10-%'`);
  await db.execute(sql`drop table bench_products, bench_shoppers, bench_codes`);
  await vacuumLikeAutovacuum(db, [
    'users',
    'orders',
    'order_items',
    'refunds',
    'refund_lines',
    'discount_uses',
    'discounts',
  ]);
  const heavy = shoppers === 1 ? orders : Math.ceil(orders / shopper.step);
  return { seconds: (performance.now() - started) / 1000, heavyShopperOrders: heavy };
}
