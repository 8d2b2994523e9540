-- Drafts (issue #36): "Create Product" opens a draft that no shopper sees until the admin makes it
-- active. Every product made before is in the shop, so it is active.
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("products"."status" in ('draft', 'active'));
