CREATE TABLE "subscription_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nest_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"subscription_id" uuid,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"actor_merchant_id" uuid,
	"dedupe_key" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_nest_id_nests_id_fk" FOREIGN KEY ("nest_id") REFERENCES "public"."nests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_customer_id_nest_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."nest_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_nest_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."nest_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_actor_merchant_id_users_id_fk" FOREIGN KEY ("actor_merchant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_events_customer_idx" ON "subscription_events" USING btree ("nest_id","customer_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_events_dedupe_key" ON "subscription_events" USING btree ("dedupe_key");--> statement-breakpoint
-- hand-written: subscriptions made before the history get their "created" line.
INSERT INTO "subscription_events" ("nest_id", "customer_id", "subscription_id", "kind", "actor", "dedupe_key", "occurred_at")
SELECT "nest_id", "customer_id", "id", 'created', 'customer', 'created:' || "id", "created_at" FROM "nest_subscriptions";
