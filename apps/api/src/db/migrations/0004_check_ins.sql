CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nest_id" uuid NOT NULL,
	"customer_id" uuid,
	"subscription_id" uuid,
	"result" text NOT NULL,
	"reason" text,
	"repeat" boolean DEFAULT false NOT NULL,
	"counts" boolean DEFAULT false NOT NULL,
	"verified_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nest_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"rule" jsonb NOT NULL,
	"milestone" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_nest_id_nests_id_fk" FOREIGN KEY ("nest_id") REFERENCES "public"."nests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_customer_id_nest_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."nest_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_subscription_id_nest_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."nest_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_nest_id_nests_id_fk" FOREIGN KEY ("nest_id") REFERENCES "public"."nests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_subscription_id_nest_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."nest_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_ins_nest_idx" ON "check_ins" USING btree ("nest_id","created_at");--> statement-breakpoint
CREATE INDEX "check_ins_subscription_idx" ON "check_ins" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_milestone_idx" ON "rewards" USING btree ("subscription_id","kind","milestone");--> statement-breakpoint
CREATE INDEX "rewards_waiting_idx" ON "rewards" USING btree ("subscription_id") WHERE "rewards"."redeemed_at" is null;