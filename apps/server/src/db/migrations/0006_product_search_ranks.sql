ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower("products"."name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_brand_category" text GENERATED ALWAYS AS (lower("products"."brand" || E'\n' || "products"."category")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_brand_category_trgm_idx" ON "products" USING gin ("search_brand_category" gin_trgm_ops);