CREATE TABLE "rule_trigger_cursor" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"txid" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rules" ADD COLUMN "schedule_cursor" uuid;--> statement-breakpoint
-- The trigger pass starts at the changes made from now on: history is not replayed through rules.
INSERT INTO "rule_trigger_cursor" ("id", "txid") VALUES (1, txid_current());
