CREATE TABLE "job_leases" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"owner" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_state" (
	"mailbox" varchar(50) PRIMARY KEY NOT NULL,
	"account" varchar(64) NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"import_since" timestamp with time zone NOT NULL,
	"last_fetch_at" timestamp with time zone,
	"last_imported" integer DEFAULT 0 NOT NULL,
	"imported_total" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL
);
