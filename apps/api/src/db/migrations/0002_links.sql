CREATE TABLE "nest_checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"nest_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"offer_price_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"locale" text NOT NULL,
	"subscription_id" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nest_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nest_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"checkouts_started" integer DEFAULT 0 NOT NULL,
	"subscriptions_won" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nest_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nest_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_invoice_id" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"status" text NOT NULL,
	"billing_reason" text NOT NULL,
	"amount_due_cents" integer NOT NULL,
	"amount_paid_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_payment_attempt_at" timestamp with time zone,
	"last_failure_code" text,
	"paid_at" timestamp with time zone,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nest_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nest_id" uuid NOT NULL,
	"subscription_id" uuid,
	"invoice_id" uuid,
	"customer_id" uuid,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"provider_invoice_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue_alerts" (
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"percent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_alerts_user_id_month_percent_pk" PRIMARY KEY("user_id","month","percent")
);
--> statement-breakpoint
ALTER TABLE "nest_checkouts" ADD CONSTRAINT "nest_checkouts_nest_id_nests_id_fk" FOREIGN KEY ("nest_id") REFERENCES "public"."nests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_checkouts" ADD CONSTRAINT "nest_checkouts_link_id_nest_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."nest_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_checkouts" ADD CONSTRAINT "nest_checkouts_offer_price_id_offer_prices_id_fk" FOREIGN KEY ("offer_price_id") REFERENCES "public"."offer_prices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_checkouts" ADD CONSTRAINT "nest_checkouts_subscription_id_nest_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."nest_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_links" ADD CONSTRAINT "nest_links_nest_id_nests_id_fk" FOREIGN KEY ("nest_id") REFERENCES "public"."nests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_links" ADD CONSTRAINT "nest_links_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_invoices" ADD CONSTRAINT "nest_invoices_nest_id_nests_id_fk" FOREIGN KEY ("nest_id") REFERENCES "public"."nests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_invoices" ADD CONSTRAINT "nest_invoices_subscription_id_nest_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."nest_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_invoices" ADD CONSTRAINT "nest_invoices_customer_id_nest_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."nest_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD CONSTRAINT "nest_transactions_nest_id_nests_id_fk" FOREIGN KEY ("nest_id") REFERENCES "public"."nests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD CONSTRAINT "nest_transactions_subscription_id_nest_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."nest_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD CONSTRAINT "nest_transactions_invoice_id_nest_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."nest_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD CONSTRAINT "nest_transactions_customer_id_nest_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."nest_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_alerts" ADD CONSTRAINT "revenue_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nest_checkouts_provider_session_idx" ON "nest_checkouts" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "nest_checkouts_link_idx" ON "nest_checkouts" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "nest_checkouts_created_idx" ON "nest_checkouts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nest_links_public_id_idx" ON "nest_links" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "nest_links_nest_idx" ON "nest_links" USING btree ("nest_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nest_invoices_provider_invoice_idx" ON "nest_invoices" USING btree ("provider","provider_invoice_id");--> statement-breakpoint
CREATE INDEX "nest_invoices_subscription_idx" ON "nest_invoices" USING btree ("subscription_id","status");--> statement-breakpoint
CREATE INDEX "nest_invoices_nest_idx" ON "nest_invoices" USING btree ("nest_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nest_transactions_invoice_kind_idx" ON "nest_transactions" USING btree ("invoice_id","kind");--> statement-breakpoint
CREATE INDEX "nest_transactions_nest_idx" ON "nest_transactions" USING btree ("nest_id","occurred_at");