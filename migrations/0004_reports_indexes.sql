DROP INDEX "time_entries_spent_date_idx";--> statement-breakpoint
CREATE INDEX "tickets_created_at_status_priority_idx" ON "tickets" USING btree ("created_at","status","priority");--> statement-breakpoint
CREATE INDEX "tickets_closed_report_idx" ON "tickets" USING btree ("closed_at","created_at","assigned_to","last_updated_by") WHERE "tickets"."status" in ('closed', 'closed_with_harvest');--> statement-breakpoint
CREATE INDEX "time_entries_spent_date_report_idx" ON "time_entries" USING btree ("spent_date","created_at","id","user_id","harvest_project_name","hours");