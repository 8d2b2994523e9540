-- The admin's order search document (issue #40, docs/decisions/0051): one row per order, the
-- lower-cased buyer's name and e-mail and each line's name and SKU, one per line of text (a
-- phrase, which holds no newline, cannot match across two of them), with a trigram index.
-- Derived data, kept by triggers in the writing transaction, like the dashboard's rollups
-- (0028): left out of the Drizzle schema and of the export, rebuilt by an import.
CREATE TABLE "order_search_documents" (
	"order_id" uuid PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"document" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_search_documents_idx" ON "order_search_documents" USING gin ("document" gin_trgm_ops);
--> statement-breakpoint
-- Writes the documents of these orders from their rows as they are now.
CREATE FUNCTION "order_search_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO order_search_documents AS d (order_id, document)
	SELECT o.id, lower(o.buyer_name || E'\n' || o.buyer_email || coalesce(E'\n' || string_agg(
		i.name || E'\n' || coalesce(i.sku, ''), E'\n' ORDER BY i.position), ''))
	FROM orders o LEFT JOIN order_items i ON i.order_id = o.id
	WHERE o.id = ANY(ids)
	GROUP BY o.id
	ORDER BY o.id
	ON CONFLICT (order_id) DO UPDATE SET document = excluded.document
		WHERE d.document IS DISTINCT FROM excluded.document;
$$;
--> statement-breakpoint
CREATE FUNCTION "order_search_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(n.id) INTO ids FROM rollup_new n;
	ELSE
		SELECT array_agg(n.id) INTO ids FROM rollup_old o JOIN rollup_new n ON n.id = o.id
		WHERE (o.buyer_name, o.buyer_email) IS DISTINCT FROM (n.buyer_name, n.buyer_email);
	END IF;
	IF ids IS NOT NULL THEN
		PERFORM order_search_refresh(ids);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_search_insert" AFTER INSERT ON "orders"
	REFERENCING NEW TABLE AS rollup_new FOR EACH STATEMENT EXECUTE FUNCTION "order_search_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_search_update" AFTER UPDATE ON "orders"
	REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new
	FOR EACH STATEMENT EXECUTE FUNCTION "order_search_orders"();
--> statement-breakpoint
CREATE FUNCTION "order_search_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(DISTINCT n.order_id) INTO ids FROM rollup_new n;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(DISTINCT o.order_id) INTO ids FROM rollup_old o;
	ELSE
		SELECT array_agg(DISTINCT x.order_id) INTO ids FROM (
			SELECT o.order_id FROM rollup_old o JOIN rollup_new n ON n.id = o.id
			WHERE (o.order_id, o.name, o.sku, o.position) IS DISTINCT FROM (n.order_id, n.name, n.sku, n.position)
			UNION ALL
			SELECT n.order_id FROM rollup_old o JOIN rollup_new n ON n.id = o.id
			WHERE (o.order_id, o.name, o.sku, o.position) IS DISTINCT FROM (n.order_id, n.name, n.sku, n.position)
		) x;
	END IF;
	IF ids IS NOT NULL THEN
		PERFORM order_search_refresh(ids);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_items_search_insert" AFTER INSERT ON "order_items"
	REFERENCING NEW TABLE AS rollup_new FOR EACH STATEMENT EXECUTE FUNCTION "order_search_lines"();
--> statement-breakpoint
CREATE TRIGGER "order_items_search_update" AFTER UPDATE ON "order_items"
	REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new
	FOR EACH STATEMENT EXECUTE FUNCTION "order_search_lines"();
--> statement-breakpoint
CREATE TRIGGER "order_items_search_delete" AFTER DELETE ON "order_items"
	REFERENCING OLD TABLE AS rollup_old FOR EACH STATEMENT EXECUTE FUNCTION "order_search_lines"();
--> statement-breakpoint
-- The backfill: every order there already is.
INSERT INTO order_search_documents (order_id, document)
SELECT o.id, lower(o.buyer_name || E'\n' || o.buyer_email || coalesce(E'\n' || string_agg(
	i.name || E'\n' || coalesce(i.sku, ''), E'\n' ORDER BY i.position), ''))
FROM orders o LEFT JOIN order_items i ON i.order_id = o.id
GROUP BY o.id;
