-- hand-written: trigram matching for the customer search indexes below (PGlite loads pg_trgm in db/client.ts)
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "nest_customers_name_trgm_idx" ON "nest_customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "nest_customers_email_trgm_idx" ON "nest_customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "nest_subscriptions_since_idx" ON "nest_subscriptions" USING btree ("nest_id","created_at","id");--> statement-breakpoint
CREATE INDEX "nest_subscriptions_period_end_idx" ON "nest_subscriptions" USING btree ("nest_id",coalesce("current_period_end", 'infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "nest_transactions_subscription_idx" ON "nest_transactions" USING btree ("subscription_id");