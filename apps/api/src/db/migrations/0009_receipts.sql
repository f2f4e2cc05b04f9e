CREATE TABLE "receipt_files" (
	"receipt_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_sequences" (
	"issuer" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"plan_invoice_id" uuid,
	"nest_invoice_id" uuid,
	"user_id" uuid,
	"nest_id" uuid,
	"customer_id" uuid,
	"locale" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nests" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "nests" ADD COLUMN "legal_address" text;--> statement-breakpoint
ALTER TABLE "nests" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "nests" ADD COLUMN "vat_rate_bps" integer;--> statement-breakpoint
ALTER TABLE "receipt_files" ADD CONSTRAINT "receipt_files_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_plan_invoice_id_plan_invoices_id_fk" FOREIGN KEY ("plan_invoice_id") REFERENCES "public"."plan_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_nest_invoice_id_nest_invoices_id_fk" FOREIGN KEY ("nest_invoice_id") REFERENCES "public"."nest_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_nest_id_nests_id_fk" FOREIGN KEY ("nest_id") REFERENCES "public"."nests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_customer_id_nest_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."nest_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_issuer_sequence_idx" ON "receipts" USING btree ("issuer","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_plan_invoice_idx" ON "receipts" USING btree ("plan_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_nest_invoice_idx" ON "receipts" USING btree ("nest_invoice_id");--> statement-breakpoint
CREATE INDEX "receipts_customer_idx" ON "receipts" USING btree ("customer_id","issued_at");