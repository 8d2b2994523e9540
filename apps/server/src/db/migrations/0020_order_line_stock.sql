ALTER TABLE "order_items" ADD COLUMN "stock_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_given_back" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Lines of existing orders (issue #35): a paid order, or one whose capture is under way, took its
-- lines from stock. What went back is read from what gave it back: a cancelled paid order gave
-- back everything it could (recorded so, nothing more can go back), other orders the units of
-- their accepted refunds with restock. When unsure, the line counts as given back rather than
-- held, so no later path can give back a unit twice.
UPDATE "order_items" SET "stock_taken" = "order_items"."qty"
  FROM "orders"
 WHERE "orders"."id" = "order_items"."order_id"
   AND ("orders"."is_paid" OR "orders"."capture_attempt_id" IS NOT NULL);--> statement-breakpoint
UPDATE "order_items" SET "stock_given_back" = "order_items"."stock_taken"
  FROM "orders"
 WHERE "orders"."id" = "order_items"."order_id"
   AND "orders"."is_paid" AND "orders"."cancelled_at" IS NOT NULL;--> statement-breakpoint
UPDATE "order_items" SET "stock_given_back" = least("order_items"."stock_taken", "restocked"."qty")
  FROM (
    SELECT "refund_lines"."order_item_id", sum("refund_lines"."qty")::integer AS "qty"
      FROM "refund_lines"
      JOIN "refunds" ON "refunds"."id" = "refund_lines"."refund_id"
     WHERE "refunds"."restock" AND "refunds"."status" IN ('pending', 'completed')
     GROUP BY "refund_lines"."order_item_id"
  ) AS "restocked", "orders"
 WHERE "restocked"."order_item_id" = "order_items"."id"
   AND "orders"."id" = "order_items"."order_id"
   AND "orders"."cancelled_at" IS NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_stock_given_back_check" CHECK ("order_items"."stock_given_back" >= 0 and "order_items"."stock_given_back" <= "order_items"."stock_taken");
