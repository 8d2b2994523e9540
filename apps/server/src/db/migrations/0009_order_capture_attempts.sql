ALTER TABLE "orders" ADD COLUMN "capture_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "capture_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_capturing_idx" ON "orders" USING btree ("capture_lease_until") WHERE "orders"."capture_attempt_id" is not null;