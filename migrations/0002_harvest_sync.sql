ALTER TABLE "time_entries" ADD COLUMN "sync_status" varchar(16) DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "sync_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "next_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "sync_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "last_sync_error" text;--> statement-breakpoint
CREATE INDEX "time_entries_sync_due_idx" ON "time_entries" USING btree ("next_sync_at") WHERE "time_entries"."sync_status" = 'pending';