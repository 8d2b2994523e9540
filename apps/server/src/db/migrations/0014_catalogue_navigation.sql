CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "images" text[];--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "units_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_slug_key" ON "brands" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_lower_key" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_key" ON "categories" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Today's free-text brands and categories become records: one per name, whatever its case
-- (the first spelling in alphabetical order wins), its slug the name lower-cased with every run of
-- other characters than letters and digits made a hyphen. Two names giving the same slug ("T-shirts",
-- "T shirts"), or a name without letters or digits, get a short suffix made from the name.
-- No product is left out: every product keeps its brand and category, now a record's name.
WITH "names" AS (
  SELECT min(btrim("category") COLLATE "C") COLLATE "default" AS "name" FROM "products"
  WHERE btrim("category") <> '' GROUP BY lower(btrim("category"))
), "based" AS (
  SELECT "name", btrim(regexp_replace(lower("name"), '[^[:alnum:]]+', '-', 'g'), '-') AS "base"
  FROM "names"
), "numbered" AS (
  SELECT "name", "base", row_number() OVER (PARTITION BY "base" ORDER BY "name") AS "n" FROM "based"
)
INSERT INTO "categories" ("name", "slug")
SELECT "name", CASE WHEN "n" = 1 AND "base" <> '' THEN "base"
  ELSE ltrim("base" || '-' || left(md5("name"), 8), '-') END
FROM "numbered";--> statement-breakpoint
WITH "names" AS (
  SELECT min(btrim("brand") COLLATE "C") COLLATE "default" AS "name" FROM "products"
  WHERE btrim("brand") <> '' GROUP BY lower(btrim("brand"))
), "based" AS (
  SELECT "name", btrim(regexp_replace(lower("name"), '[^[:alnum:]]+', '-', 'g'), '-') AS "base"
  FROM "names"
), "numbered" AS (
  SELECT "name", "base", row_number() OVER (PARTITION BY "base" ORDER BY "name") AS "n" FROM "based"
)
INSERT INTO "brands" ("name", "slug")
SELECT "name", CASE WHEN "n" = 1 AND "base" <> '' THEN "base"
  ELSE ltrim("base" || '-' || left(md5("name"), 8), '-') END
FROM "numbered";--> statement-breakpoint
UPDATE "products" AS "p" SET "category_id" = "c"."id", "category" = "c"."name"
FROM "categories" AS "c" WHERE lower(btrim("p"."category")) = lower("c"."name");--> statement-breakpoint
UPDATE "products" AS "p" SET "brand_id" = "b"."id", "brand" = "b"."name"
FROM "brands" AS "b" WHERE lower(btrim("p"."brand")) = lower("b"."name");--> statement-breakpoint
-- A blank brand or category means none.
UPDATE "products" SET "category" = '' WHERE "category_id" IS NULL AND "category" <> '';--> statement-breakpoint
UPDATE "products" SET "brand" = '' WHERE "brand_id" IS NULL AND "brand" <> '';--> statement-breakpoint
-- The one picture becomes the first (main) of the list.
UPDATE "products" SET "images" = ARRAY["image"];--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "images" SET NOT NULL;--> statement-breakpoint
-- Units sold so far: the lines of paid orders that were not cancelled.
UPDATE "products" AS "p" SET "units_sold" = "s"."units"
FROM (
  SELECT "i"."product_id", sum("i"."qty")::int AS "units"
  FROM "order_items" AS "i" JOIN "orders" AS "o" ON "o"."id" = "i"."order_id"
  WHERE "o"."is_paid" AND "o"."cancelled_at" IS NULL AND "i"."product_id" IS NOT NULL
  GROUP BY "i"."product_id"
) AS "s" WHERE "p"."id" = "s"."product_id";--> statement-breakpoint
CREATE INDEX "order_items_image_idx" ON "order_items" USING btree ("image");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_facets_idx" ON "products" USING btree ("category_id","brand_id","price","count_in_stock","rating");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "products_units_sold_idx" ON "products" USING btree ("units_sold" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_images_idx" ON "products" USING gin ("images");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_images_check" CHECK (cardinality("products"."images") between 1 and 12 and "products"."images"[1] = "products"."image");