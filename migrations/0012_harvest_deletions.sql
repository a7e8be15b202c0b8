CREATE TABLE "harvest_deletions" (
	"time_entry_id" uuid PRIMARY KEY NOT NULL,
	"harvest_time_entry_id" bigint,
	"spent_date" date NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "harvest_deletions_due_idx" ON "harvest_deletions" USING btree ("next_sync_at");