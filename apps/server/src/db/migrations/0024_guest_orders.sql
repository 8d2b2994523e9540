-- Guest orders (issue #37). Every use already held gets its order's buyer e-mail (lower-cased,
-- as e-mails are kept), then the column is required; orders keep every row and value.
ALTER TABLE "discount_uses" ADD COLUMN "buyer_email" text;--> statement-breakpoint
UPDATE "discount_uses" AS "u" SET "buyer_email" = lower("o"."buyer_email") FROM "orders" AS "o" WHERE "o"."id" = "u"."order_id";--> statement-breakpoint
ALTER TABLE "discount_uses" ALTER COLUMN "buyer_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_key_hash" text;--> statement-breakpoint
CREATE INDEX "discount_uses_discount_email_idx" ON "discount_uses" USING btree ("discount_id","buyer_email");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_guest_idempotency_key" ON "orders" USING btree ("buyer_email","idempotency_key") WHERE "orders"."access_key_hash" is not null;--> statement-breakpoint
CREATE INDEX "orders_buyer_email_idx" ON "orders" USING btree ("buyer_email");