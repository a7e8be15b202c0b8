DROP INDEX "tickets_created_at_status_priority_idx";--> statement-breakpoint
DROP INDEX "tickets_closed_report_idx";--> statement-breakpoint
CREATE INDEX "tickets_created_at_status_priority_idx" ON "tickets" USING btree ("created_at","status","priority","group_id");--> statement-breakpoint
CREATE INDEX "tickets_closed_report_idx" ON "tickets" USING btree ("closed_at","created_at","assigned_to","last_updated_by","group_id") WHERE "tickets"."status" in ('closed', 'closed_with_harvest');