-- SLA due times on tickets (issue 24): written by the app (server/features/sla), nothing to backfill
-- here: SLA is off until an admin turns it on, and saving the targets recomputes every open ticket.
ALTER TABLE "tickets" ADD COLUMN "sla_first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_first_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_resolution_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_next_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_first_response_met" boolean;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_resolution_met" boolean;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_first_response_minutes" integer;--> statement-breakpoint
CREATE INDEX "tickets_sla_next_due_idx" ON "tickets" USING btree ("sla_next_due_at","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_sla_missed_idx" ON "tickets" USING btree ("created_at","id") WHERE "tickets"."sla_first_response_met" = false OR "tickets"."sla_resolution_met" = false;--> statement-breakpoint
CREATE INDEX "tickets_sla_alert_at_idx" ON "tickets" USING btree ("sla_alert_at") WHERE "tickets"."sla_alert_at" IS NOT NULL;