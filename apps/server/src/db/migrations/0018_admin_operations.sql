CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The timeline of every order placed before it existed, from what the order records: placed,
-- paid, sent, delivered, cancelled, and its refunds. Who sent or delivered it was not kept.
INSERT INTO "order_events" ("order_id", "kind", "actor", "actor_id", "actor_name", "details", "created_at")
SELECT "id", 'placed', 'buyer', "user_id", "buyer_name", '{}'::jsonb, "created_at" FROM "orders"
UNION ALL
SELECT "id", 'paid', 'buyer', "user_id", "buyer_name", '{}'::jsonb, "paid_at" FROM "orders" WHERE "is_paid" AND "paid_at" IS NOT NULL
UNION ALL
SELECT "id", 'sent', 'admin', NULL, NULL, '{}'::jsonb, "sent_at" FROM "orders" WHERE "is_sent" AND "sent_at" IS NOT NULL
UNION ALL
SELECT "id", 'delivered', 'admin', NULL, NULL, '{}'::jsonb, "delivered_at" FROM "orders" WHERE "is_delivered" AND "delivered_at" IS NOT NULL
UNION ALL
SELECT "id", 'cancelled', coalesce("cancelled_by", 'shop'),
  CASE WHEN "cancelled_by" = 'buyer' THEN "user_id" END,
  CASE WHEN "cancelled_by" = 'buyer' THEN "buyer_name" END,
  '{}'::jsonb, "cancelled_at"
FROM "orders" WHERE "cancelled_at" IS NOT NULL
UNION ALL
SELECT "r"."order_id", 'refund', 'admin', "r"."created_by", "u"."name",
  jsonb_build_object('amount', "r"."amount", 'status', "r"."status", 'reason', "r"."reason"),
  "r"."created_at"
FROM "refunds" AS "r" LEFT JOIN "users" AS "u" ON "u"."id" = "r"."created_by";
--> statement-breakpoint
-- The admin's order search (modules/orders/order-search.ts): trigram indexes on the buyer's name
-- and e-mail, and on each line's product name and SKU, lower-cased, a newline between fields.
CREATE INDEX "orders_buyer_search_idx" ON "orders" USING gin (lower("buyer_name" || E'\n' || "buyer_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_items_search_idx" ON "order_items" USING gin (lower("name" || E'\n' || coalesce("sku", '')) gin_trgm_ops);--> statement-breakpoint
-- The dashboard (modules/dashboard, decision 0021): paid orders with the columns it sums, for
-- index-only scans, and the paid orders waiting to be sent.
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","id","user_id","items_price","discount_price") WHERE "orders"."is_paid";--> statement-breakpoint
CREATE INDEX "orders_waiting_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."is_paid" and not "orders"."is_sent" and "orders"."cancelled_at" is null;
