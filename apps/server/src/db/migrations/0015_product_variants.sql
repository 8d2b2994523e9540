CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" numeric(12, 2),
	"count_in_stock" integer DEFAULT 0 NOT NULL,
	"image" text,
	"active" boolean DEFAULT true NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_count_in_stock_check" CHECK ("product_variants"."count_in_stock" >= 0),
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price" >= 0)
);
--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_facets_idx";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_price" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_price" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_options_key" ON "product_variants" USING btree ("product_id","options");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "products_min_price_idx" ON "products" USING btree ("min_price","id");--> statement-breakpoint
CREATE INDEX "products_facets_idx" ON "products" USING btree ("category_id","brand_id","min_price","max_price","count_in_stock","rating");--> statement-breakpoint
-- Every product keeps working as before with one variant choosing nothing (docs/decisions/0019):
-- it takes the product's stock, sells at the product's price and shows its main picture. Its SKU
-- is made from the product's id (12 hex digits; the whole id if two products share those).
WITH "made" AS (
  SELECT "id", "count_in_stock", upper(replace("id"::text, '-', '')) AS "hex" FROM "products"
), "numbered" AS (
  SELECT *, row_number() OVER (PARTITION BY left("hex", 12) ORDER BY "id") AS "n" FROM "made"
)
INSERT INTO "product_variants" ("product_id", "sku", "count_in_stock")
SELECT "id", 'P-' || CASE WHEN "n" = 1 THEN left("hex", 12) ELSE "hex" END, "count_in_stock"
FROM "numbered";--> statement-breakpoint
UPDATE "products" SET "min_price" = "price", "max_price" = "price", "variant_count" = 1;--> statement-breakpoint
-- Lines ordered before variants name their product's variant, so that a refund with restock
-- gives the units back to it. Their SKU stays null: none was shown when they were ordered.
UPDATE "order_items" SET "variant_id" = "v"."id"
FROM "product_variants" AS "v" WHERE "v"."product_id" = "order_items"."product_id";
