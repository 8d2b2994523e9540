-- The uses of discount codes move from a flag on orders to a table the promotions module owns
-- (docs/decisions/0042): each table has one writer.
CREATE TABLE "discount_uses" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"discount_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_uses_discount_user_idx" ON "discount_uses" USING btree ("discount_id","user_id");--> statement-breakpoint
-- The orders that held a use keep it, now as a row of the promotions module's own table (the
-- order's time stands for when the use was taken: the column kept none).
INSERT INTO "discount_uses" ("order_id", "discount_id", "user_id", "created_at")
  SELECT "id", "discount_id", "user_id", "created_at" FROM "orders" WHERE "discount_use_held";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "discount_use_held";