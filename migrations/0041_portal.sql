CREATE TABLE "csat_surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"change_id" uuid NOT NULL,
	"requester_email" varchar(320) NOT NULL,
	"assignee_id" uuid,
	"group_id" uuid,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"token_hash" varchar(64),
	"score" varchar(8),
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"email" varchar(320) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sign_in_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(320) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ticket_fields" ADD COLUMN "portal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "csat_surveys" ADD CONSTRAINT "csat_surveys_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_surveys" ADD CONSTRAINT "csat_surveys_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_surveys" ADD CONSTRAINT "csat_surveys_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "csat_surveys_change_ticket_unique" ON "csat_surveys" USING btree ("change_id","ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "csat_surveys_token_hash_unique" ON "csat_surveys" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "csat_surveys_ticket_id_idx" ON "csat_surveys" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "csat_surveys_created_at_idx" ON "csat_surveys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "csat_surveys_pending_idx" ON "csat_surveys" USING btree ("created_at") WHERE "csat_surveys"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "portal_sessions_expires_at_idx" ON "portal_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sign_in_links_token_hash_unique" ON "portal_sign_in_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_sign_in_links_email_idx" ON "portal_sign_in_links" USING btree ("email");--> statement-breakpoint
CREATE INDEX "tickets_requester_idx" ON "tickets" USING btree (lower("from_email"),"created_at" DESC NULLS LAST,"id");