CREATE TABLE "rule_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" varchar(320) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"event" varchar(24) NOT NULL,
	"change_id" uuid,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skipped" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_schedule_matches" (
	"rule_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_schedule_matches_rule_id_ticket_id_pk" PRIMARY KEY("rule_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(120) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_changes" ADD COLUMN "actor_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD COLUMN "rule_name" varchar(120);--> statement-breakpoint
ALTER TABLE "rule_runs" ADD CONSTRAINT "rule_runs_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_runs" ADD CONSTRAINT "rule_runs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_schedule_matches" ADD CONSTRAINT "rule_schedule_matches_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_schedule_matches" ADD CONSTRAINT "rule_schedule_matches_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rule_mails_recipient_sent_at_idx" ON "rule_mails" USING btree ("recipient","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_runs_rule_change_ticket_unique" ON "rule_runs" USING btree ("rule_id","change_id","ticket_id");--> statement-breakpoint
CREATE INDEX "rule_runs_rule_at_idx" ON "rule_runs" USING btree ("rule_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rules_kind_position_idx" ON "rules" USING btree ("kind","position");