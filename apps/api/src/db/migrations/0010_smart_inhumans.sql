CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"account_id" text,
	"payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"application_fee_refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"payout_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "nest_transactions_nest_idx";--> statement-breakpoint
ALTER TABLE "sandbox_payment_attempts" ADD COLUMN "payout_id" text;--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD COLUMN "processing_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD COLUMN "provider_object_id" text;--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD COLUMN "provider_payout_id" text;--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD COLUMN "settles" jsonb;--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD COLUMN "initiated_by" uuid;--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment_idx" ON "sandbox_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_account_idx" ON "sandbox_refunds" USING btree ("account_id","payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_idx" ON "sandbox_refunds" USING btree ("account_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "nest_transactions" ADD CONSTRAINT "nest_transactions_initiated_by_users_id_fk" FOREIGN KEY ("initiated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_payment_attempts_account_idx" ON "sandbox_payment_attempts" USING btree ("account_id","payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nest_transactions_provider_object_idx" ON "nest_transactions" USING btree ("provider","kind","provider_object_id");--> statement-breakpoint
CREATE INDEX "nest_transactions_nest_kind_idx" ON "nest_transactions" USING btree ("nest_id","kind","occurred_at","id");--> statement-breakpoint
CREATE INDEX "nest_transactions_payment_idx" ON "nest_transactions" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "nest_transactions_payout_idx" ON "nest_transactions" USING btree ("provider","provider_payout_id");--> statement-breakpoint
CREATE INDEX "nest_transactions_nest_idx" ON "nest_transactions" USING btree ("nest_id","occurred_at","id");--> statement-breakpoint
-- hand-written: sandbox payments already paid out before payouts named what they settle count as settled by the account's latest payout
UPDATE "sandbox_payment_attempts" AS a SET "payout_id" = (SELECT p."id" FROM "sandbox_payouts" AS p WHERE p."account_id" = a."account_id" ORDER BY p."created_at" DESC LIMIT 1) WHERE a."status" = 'succeeded' AND a."payout_id" IS NULL AND a."created_at" <= (SELECT max(p."created_at") FROM "sandbox_payouts" AS p WHERE p."account_id" = a."account_id");--> statement-breakpoint
-- hand-written: sandbox payments recorded before the ledger kept provider ids get their payment's id
UPDATE "nest_transactions" AS t SET "provider_object_id" = a."id", "provider_payment_id" = a."id" FROM "sandbox_payment_attempts" AS a WHERE t."provider" = 'sandbox' AND t."kind" = 'payment' AND t."provider_object_id" IS NULL AND a."invoice_id" = t."provider_invoice_id" AND a."status" = 'succeeded';
