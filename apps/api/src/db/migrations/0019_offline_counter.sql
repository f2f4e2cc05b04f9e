ALTER TABLE "nests" ADD COLUMN "counter_stale_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "accepted_offline" text;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_client_idx" ON "check_ins" USING btree ("nest_id","client_id");--> statement-breakpoint
CREATE INDEX "check_ins_accepted_offline_idx" ON "check_ins" USING btree ("nest_id","created_at") WHERE "check_ins"."accepted_offline" is not null;