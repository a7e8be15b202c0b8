CREATE TABLE "ticket_assignment_hours" (
	"created_hour" bigint NOT NULL,
	"assigned_tickets" integer NOT NULL,
	"assignment_seconds" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_counts" (
	"status" varchar(32) NOT NULL,
	"priority" varchar(16) NOT NULL,
	"assigned_to" uuid,
	"total" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "tickets_created_at_idx";--> statement-breakpoint
CREATE INDEX "ticket_assignment_hours_created_hour_idx" ON "ticket_assignment_hours" USING btree ("created_hour");--> statement-breakpoint
CREATE INDEX "tickets_status_priority_created_at_idx" ON "tickets" USING btree ("status","priority","created_at" DESC NULLS LAST,"assigned_to");--> statement-breakpoint
CREATE INDEX "tickets_created_at_idx" ON "tickets" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);