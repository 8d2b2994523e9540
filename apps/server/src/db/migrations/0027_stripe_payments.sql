CREATE TABLE "stripe_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"object_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
