DROP INDEX "tickets_assigned_to_created_at_idx";--> statement-breakpoint
CREATE INDEX "tickets_assigned_to_created_at_id_idx" ON "tickets" USING btree ("assigned_to","created_at","id");