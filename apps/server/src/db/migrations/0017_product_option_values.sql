ALTER TABLE "products" ADD COLUMN "option_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The option values on offer of every product with options, as products/variant-summary.ts
-- writes them (docs/decisions/0019): `Name:Value` of each variant switched on, each once.
UPDATE "products" SET "option_values" = "offered"."values"
FROM (
  SELECT "v"."product_id", array_agg(DISTINCT "choice"."key" || ':' || "choice"."value" ORDER BY "choice"."key" || ':' || "choice"."value") AS "values"
  FROM "product_variants" AS "v"
  CROSS JOIN LATERAL jsonb_each_text("v"."options") AS "choice"
  WHERE "v"."active"
  GROUP BY "v"."product_id"
) AS "offered"
WHERE "offered"."product_id" = "products"."id";--> statement-breakpoint
DROP INDEX "products_facets_idx";--> statement-breakpoint
CREATE INDEX "products_facets_idx" ON "products" USING btree ("category_id","brand_id","min_price","max_price","count_in_stock","rating","price","id");--> statement-breakpoint
CREATE INDEX "products_option_values_idx" ON "products" USING btree ("category_id","brand_id","min_price","max_price","count_in_stock","rating") WHERE "products"."option_values" <> '{}'::text[];
