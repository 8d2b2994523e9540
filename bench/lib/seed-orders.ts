// Shoppers and their order history for the scale bench, made inside PostgreSQL with
// generate_series: 200,000 orders take seconds, where as many HTTP checkouts would take an hour.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { vacuumLikeAutovacuum } from './vacuum.ts';

/** Orders inserted by one statement. */
const SLICE = 25_000;

export interface OrderHistory {
  /** Shoppers, each with about orders / shoppers orders. */
  shoppers: number;
  orders: number;
}

/**
 * Inserts the shoppers (`shopper-<n>@bench.test`, not able to sign in: the bench signs their
 * tokens) and the orders, newest last, one every three minutes back from now. Order n has
 * 1 + n % 3 lines of catalogue products at their catalogue prices; the totals follow the shop's
 * rule (free shipping above 100, 15 % tax). Three orders in four are paid, half of those sent,
 * half of the sent ones delivered. Then vacuums and analyses, as autovacuum would have. Answers
 * the seconds it took.
 */
export async function seedOrders(db: Database, history: OrderHistory): Promise<number> {
  const started = performance.now();
  const { shoppers, orders } = history;
  // One transaction: the temporary tables live in one connection and go with the commit.
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (name, email, password_hash)
      select 'Bench Shopper ' || n, 'shopper-' || n || '@bench.test', 'no password'
      from generate_series(0, ${shoppers - 1}) n`);
    await tx.execute(sql`
      create temporary table bench_products on commit drop as
      select id, name, image, price, (row_number() over (order by id) - 1)::int as n from products`);
    await tx.execute(sql`
      create temporary table bench_shoppers on commit drop as
      select id, name, email, substring(email from 'shopper-([0-9]+)@')::int as n
      from users where email like 'shopper-%@bench.test'`);
    // Two primes spread the lines over the whole catalogue.
    await tx.execute(sql`
      create temporary table bench_lines on commit drop as
      select g, k as position, p.id as product_id, p.name, p.image, p.price, 1 + (g + k) % 3 as qty
      from generate_series(0, ${orders - 1}) g
      cross join lateral generate_series(0, g % 3) k
      join bench_products p on p.n = (g::bigint * 7919 + k * 104729) % (select count(*) from bench_products)`);
    await tx.execute(sql`
      create temporary table bench_orders on commit drop as
      select g, gen_random_uuid() as id, sum(price * qty) as items,
        now() - (${orders} - g) * interval '3 minutes' as created_at
      from bench_lines group by g`);
    // A slice of orders a statement: each stays well inside the pool's 15 s query timeout while
    // the trigram indexes of the order search are kept up to date.
    for (let first = 0; first < orders; first += SLICE) {
      const slice = sql`o.g >= ${first} and o.g < ${first + SLICE}`;
      await tx.execute(sql`
        insert into orders (id, user_id, buyer_name, buyer_email, address, city, postal_code, country,
          payment_method, items_price, shipping_price, tax_price, total_price,
          is_paid, paid_at, is_sent, sent_at, is_delivered, delivered_at, created_at, updated_at)
        select o.id, s.id, s.name, s.email, o.g || ' Main Street', 'Springfield', '12345', 'USA',
          'PayPal', o.items, t.shipping, t.tax, o.items + t.shipping + t.tax,
          o.g % 4 <> 0, case when o.g % 4 <> 0 then o.created_at + interval '5 minutes' end,
          o.g % 4 >= 2, case when o.g % 4 >= 2 then o.created_at + interval '1 day' end,
          o.g % 4 = 3, case when o.g % 4 = 3 then o.created_at + interval '3 days' end,
          o.created_at, o.created_at
        from bench_orders o
        join bench_shoppers s on s.n = o.g % ${shoppers}
        cross join lateral (select case when o.items > 100 then 0 else 25 end as shipping,
          round(o.items * 0.15, 2) as tax) t
        where ${slice}`);
      await tx.execute(sql`
        insert into order_items (order_id, product_id, name, image, price, qty, position)
        select o.id, l.product_id, l.name, l.image, l.price, l.qty, l.position
        from bench_lines l join bench_orders o using (g)
        where ${slice}`);
    }
  });
  await vacuumLikeAutovacuum(db, ['users', 'orders', 'order_items']);
  return (performance.now() - started) / 1000;
}
