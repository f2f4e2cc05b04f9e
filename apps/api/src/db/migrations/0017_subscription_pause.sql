ALTER TABLE "offers" ADD COLUMN "customer_pause_max_periods" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "pause_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "pause_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nest_subscriptions" ADD COLUMN "pause_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nest_subscriptions" ADD COLUMN "pause_ends_at" timestamp with time zone;