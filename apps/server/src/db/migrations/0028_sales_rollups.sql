-- The dashboard's rollups (issue #40, docs/decisions/0049): paid orders, refunds and units by
-- the UTC hour, and each product's units and revenue by the UTC hour, kept by triggers in the
-- transaction that pays an order, dates it, adds its lines or records a refund, so no path
-- (checkout, late capture, webhooks, imports, seeds) can forget them. Derived data: left out of
-- the Drizzle schema, so the shop's export skips them and an import rebuilds them through the
-- same triggers. Each increment is an `insert ... on conflict do update` that adds to the row,
-- in key order: concurrent payments wait for one another on the row, and none is lost. An hour
-- has up to 8 rows (`slot`, the connection's backend pid modulo 8; the reads sum them): the
-- payments of one hour on different connections do not queue on one row until each commits.
CREATE TABLE "sales_hours" (
	"hour" timestamp with time zone NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discounts" numeric(14, 2) DEFAULT '0' NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"refunds" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_hours_pkey" PRIMARY KEY ("hour", "slot")
);
--> statement-breakpoint
-- A line of a product since deleted counts under the nil id and its own name, as the live query
-- groups it (order_items.product_id is set null: the update trigger moves it there).
CREATE TABLE "product_sales_hours" (
	"hour" timestamp with time zone NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"product_id" uuid NOT NULL,
	"lost_name" text DEFAULT '' NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "product_sales_hours_pkey" PRIMARY KEY ("hour", "slot", "product_id", "lost_name")
);
--> statement-breakpoint
-- Orders: the sales of a paid order at its hour; a change of payment, date or prices moves it
-- (old rows subtracted, new ones added), its lines with it. Lines inserted later (an order
-- inserted paid, then its lines: imports, seeds) are counted by the lines' trigger.
CREATE FUNCTION "sales_rollup_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO sales_hours AS s (slot, hour, orders, gross, discounts)
		SELECT pg_backend_pid() % 8, date_trunc('hour', n.paid_at), count(*), sum(n.items_price), sum(n.discount_price)
		FROM rollup_new n WHERE n.is_paid AND n.paid_at IS NOT NULL
		GROUP BY 2 ORDER BY 2
		ON CONFLICT (hour, slot) DO UPDATE SET orders = s.orders + excluded.orders,
			gross = s.gross + excluded.gross, discounts = s.discounts + excluded.discounts;
		RETURN NULL;
	END IF;
	WITH changed AS (
		SELECT -1 AS sign, o.id, o.paid_at, o.items_price, o.discount_price
		FROM rollup_old o JOIN rollup_new n ON n.id = o.id
		WHERE o.is_paid AND o.paid_at IS NOT NULL
			AND (o.is_paid, o.paid_at, o.items_price, o.discount_price)
				IS DISTINCT FROM (n.is_paid, n.paid_at, n.items_price, n.discount_price)
		UNION ALL
		SELECT 1, n.id, n.paid_at, n.items_price, n.discount_price
		FROM rollup_old o JOIN rollup_new n ON n.id = o.id
		WHERE n.is_paid AND n.paid_at IS NOT NULL
			AND (o.is_paid, o.paid_at, o.items_price, o.discount_price)
				IS DISTINCT FROM (n.is_paid, n.paid_at, n.items_price, n.discount_price)
	)
	INSERT INTO sales_hours AS s (slot, hour, orders, gross, discounts, units)
	SELECT pg_backend_pid() % 8, date_trunc('hour', c.paid_at), sum(c.sign), sum(c.sign * c.items_price),
		sum(c.sign * c.discount_price),
		sum(c.sign * coalesce((SELECT sum(i.qty) FROM order_items i WHERE i.order_id = c.id), 0))
	FROM changed c
	GROUP BY 2 ORDER BY 2
	ON CONFLICT (hour, slot) DO UPDATE SET orders = s.orders + excluded.orders,
		gross = s.gross + excluded.gross, discounts = s.discounts + excluded.discounts,
		units = s.units + excluded.units;
	WITH changed AS (
		SELECT -1 AS sign, o.id, o.paid_at
		FROM rollup_old o JOIN rollup_new n ON n.id = o.id
		WHERE o.is_paid AND o.paid_at IS NOT NULL
			AND (o.is_paid, o.paid_at) IS DISTINCT FROM (n.is_paid, n.paid_at)
		UNION ALL
		SELECT 1, n.id, n.paid_at
		FROM rollup_old o JOIN rollup_new n ON n.id = o.id
		WHERE n.is_paid AND n.paid_at IS NOT NULL
			AND (o.is_paid, o.paid_at) IS DISTINCT FROM (n.is_paid, n.paid_at)
	)
	INSERT INTO product_sales_hours AS p (slot, hour, product_id, lost_name, units, revenue)
	SELECT pg_backend_pid() % 8, date_trunc('hour', c.paid_at),
		coalesce(i.product_id, '00000000-0000-0000-0000-000000000000'),
		CASE WHEN i.product_id IS NULL THEN i.name ELSE '' END,
		sum(c.sign * i.qty), sum(c.sign * (i.price * i.qty - i.discount))
	FROM changed c JOIN order_items i ON i.order_id = c.id
	GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
	ON CONFLICT (hour, slot, product_id, lost_name) DO UPDATE SET units = p.units + excluded.units,
		revenue = p.revenue + excluded.revenue;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_sales_rollup_insert" AFTER INSERT ON "orders"
	REFERENCING NEW TABLE AS rollup_new FOR EACH STATEMENT EXECUTE FUNCTION "sales_rollup_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_rollup_update" AFTER UPDATE ON "orders"
	REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new
	FOR EACH STATEMENT EXECUTE FUNCTION "sales_rollup_orders"();
--> statement-breakpoint
-- Lines of a paid order inserted, changed (a product deleted sets product_id null) or deleted:
-- the changed lines are gathered into an array, then added to the rollups at their order's hour.
CREATE TYPE "sales_rollup_line" AS (
	sign integer, order_id uuid, product_id uuid, name text, qty integer, price numeric,
	discount numeric
);
--> statement-breakpoint
CREATE FUNCTION "sales_rollup_order_items"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	lines sales_rollup_line[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(row(1, n.order_id, n.product_id, n.name, n.qty, n.price, n.discount)::sales_rollup_line)
		INTO lines FROM rollup_new n;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(row(-1, o.order_id, o.product_id, o.name, o.qty, o.price, o.discount)::sales_rollup_line)
		INTO lines FROM rollup_old o;
	ELSE
		SELECT array_agg(l) INTO lines FROM (
			SELECT row(-1, o.order_id, o.product_id, o.name, o.qty, o.price, o.discount)::sales_rollup_line AS l
			FROM rollup_old o JOIN rollup_new n ON n.id = o.id
			WHERE (n.order_id, n.product_id, n.name, n.qty, n.price, n.discount)
				IS DISTINCT FROM (o.order_id, o.product_id, o.name, o.qty, o.price, o.discount)
			UNION ALL
			SELECT row(1, n.order_id, n.product_id, n.name, n.qty, n.price, n.discount)::sales_rollup_line
			FROM rollup_old o JOIN rollup_new n ON n.id = o.id
			WHERE (n.order_id, n.product_id, n.name, n.qty, n.price, n.discount)
				IS DISTINCT FROM (o.order_id, o.product_id, o.name, o.qty, o.price, o.discount)
		) changed;
	END IF;
	IF lines IS NULL THEN
		RETURN NULL;
	END IF;
	INSERT INTO sales_hours AS s (slot, hour, units)
	SELECT pg_backend_pid() % 8, date_trunc('hour', o.paid_at), sum(l.sign * l.qty)
	FROM unnest(lines) l JOIN orders o ON o.id = l.order_id
	WHERE o.is_paid AND o.paid_at IS NOT NULL
	GROUP BY 2 ORDER BY 2
	ON CONFLICT (hour, slot) DO UPDATE SET units = s.units + excluded.units;
	INSERT INTO product_sales_hours AS p (slot, hour, product_id, lost_name, units, revenue)
	SELECT pg_backend_pid() % 8, date_trunc('hour', o.paid_at),
		coalesce(l.product_id, '00000000-0000-0000-0000-000000000000'),
		CASE WHEN l.product_id IS NULL THEN l.name ELSE '' END,
		sum(l.sign * l.qty), sum(l.sign * (l.price * l.qty - l.discount))
	FROM unnest(lines) l JOIN orders o ON o.id = l.order_id
	WHERE o.is_paid AND o.paid_at IS NOT NULL
	GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
	ON CONFLICT (hour, slot, product_id, lost_name) DO UPDATE SET units = p.units + excluded.units,
		revenue = p.revenue + excluded.revenue;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_items_sales_rollup_insert" AFTER INSERT ON "order_items"
	REFERENCING NEW TABLE AS rollup_new FOR EACH STATEMENT EXECUTE FUNCTION "sales_rollup_order_items"();
--> statement-breakpoint
CREATE TRIGGER "order_items_sales_rollup_update" AFTER UPDATE ON "order_items"
	REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new
	FOR EACH STATEMENT EXECUTE FUNCTION "sales_rollup_order_items"();
--> statement-breakpoint
CREATE TRIGGER "order_items_sales_rollup_delete" AFTER DELETE ON "order_items"
	REFERENCING OLD TABLE AS rollup_old FOR EACH STATEMENT EXECUTE FUNCTION "sales_rollup_order_items"();
--> statement-breakpoint
-- Refunds the provider accepted (pending or completed) at the hour they were made, less the
-- shipping and tax they gave back, each rounded as the dashboard's live query rounds it
-- (decision 0021).
CREATE TYPE "sales_rollup_refund" AS (
	sign integer, order_id uuid, created_at timestamp with time zone, amount numeric,
	shipping boolean
);
--> statement-breakpoint
CREATE FUNCTION "sales_rollup_refunds"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	made sales_rollup_refund[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(row(1, n.order_id, n.created_at, n.amount, n.shipping)::sales_rollup_refund)
		INTO made FROM rollup_new n WHERE n.status IN ('pending', 'completed');
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(row(-1, o.order_id, o.created_at, o.amount, o.shipping)::sales_rollup_refund)
		INTO made FROM rollup_old o WHERE o.status IN ('pending', 'completed');
	ELSE
		SELECT array_agg(r) INTO made FROM (
			SELECT row(-1, o.order_id, o.created_at, o.amount, o.shipping)::sales_rollup_refund AS r
			FROM rollup_old o JOIN rollup_new n ON n.id = o.id
			WHERE o.status IN ('pending', 'completed')
				AND (n.order_id, n.created_at, n.amount, n.shipping, n.status IN ('pending', 'completed'))
					IS DISTINCT FROM (o.order_id, o.created_at, o.amount, o.shipping, true)
			UNION ALL
			SELECT row(1, n.order_id, n.created_at, n.amount, n.shipping)::sales_rollup_refund
			FROM rollup_old o JOIN rollup_new n ON n.id = o.id
			WHERE n.status IN ('pending', 'completed')
				AND (o.order_id, o.created_at, o.amount, o.shipping, o.status IN ('pending', 'completed'))
					IS DISTINCT FROM (n.order_id, n.created_at, n.amount, n.shipping, true)
		) changed;
	END IF;
	IF made IS NULL THEN
		RETURN NULL;
	END IF;
	INSERT INTO sales_hours AS s (slot, hour, refunds)
	SELECT pg_backend_pid() % 8, date_trunc('hour', r.created_at),
		coalesce(sum(r.sign * round(
			(r.amount - CASE WHEN r.shipping THEN o.shipping_price ELSE 0 END)
			* (o.items_price - o.discount_price)
			/ nullif(o.items_price - o.discount_price + o.tax_price, 0), 2)), 0)
	FROM unnest(made) r JOIN orders o ON o.id = r.order_id
	GROUP BY 2 ORDER BY 2
	ON CONFLICT (hour, slot) DO UPDATE SET refunds = s.refunds + excluded.refunds;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refunds_sales_rollup_insert" AFTER INSERT ON "refunds"
	REFERENCING NEW TABLE AS rollup_new FOR EACH STATEMENT EXECUTE FUNCTION "sales_rollup_refunds"();
--> statement-breakpoint
CREATE TRIGGER "refunds_sales_rollup_update" AFTER UPDATE ON "refunds"
	REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new
	FOR EACH STATEMENT EXECUTE FUNCTION "sales_rollup_refunds"();
--> statement-breakpoint
CREATE TRIGGER "refunds_sales_rollup_delete" AFTER DELETE ON "refunds"
	REFERENCING OLD TABLE AS rollup_old FOR EACH STATEMENT EXECUTE FUNCTION "sales_rollup_refunds"();
--> statement-breakpoint
-- The backfill: every paid order, line and accepted refund there already is.
INSERT INTO sales_hours (hour, orders, gross, discounts, units, refunds)
SELECT hour, sum(orders), sum(gross), sum(discounts), sum(units), sum(refunds) FROM (
	SELECT date_trunc('hour', o.paid_at) AS hour, count(*) AS orders, sum(o.items_price) AS gross,
		sum(o.discount_price) AS discounts, 0 AS units, 0 AS refunds
	FROM orders o WHERE o.is_paid AND o.paid_at IS NOT NULL GROUP BY 1
	UNION ALL
	SELECT date_trunc('hour', o.paid_at), 0, 0, 0, sum(i.qty), 0
	FROM orders o JOIN order_items i ON i.order_id = o.id
	WHERE o.is_paid AND o.paid_at IS NOT NULL GROUP BY 1
	UNION ALL
	SELECT date_trunc('hour', r.created_at), 0, 0, 0, 0,
		coalesce(sum(round(
			(r.amount - CASE WHEN r.shipping THEN o.shipping_price ELSE 0 END)
			* (o.items_price - o.discount_price)
			/ nullif(o.items_price - o.discount_price + o.tax_price, 0), 2)), 0)
	FROM refunds r JOIN orders o ON o.id = r.order_id
	WHERE r.status IN ('pending', 'completed') GROUP BY 1
) parts GROUP BY hour;
--> statement-breakpoint
INSERT INTO product_sales_hours (hour, product_id, lost_name, units, revenue)
SELECT date_trunc('hour', o.paid_at),
	coalesce(i.product_id, '00000000-0000-0000-0000-000000000000'),
	CASE WHEN i.product_id IS NULL THEN i.name ELSE '' END,
	sum(i.qty), sum(i.price * i.qty - i.discount)
FROM orders o JOIN order_items i ON i.order_id = o.id
WHERE o.is_paid AND o.paid_at IS NOT NULL
GROUP BY 1, 2, 3;
