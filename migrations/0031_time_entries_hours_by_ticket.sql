-- The report by field (issue 38) sums the hours of each ticket of its range: with the hours in the
-- ticket_id index, each sum is read from the index alone instead of visiting every time entry. Same
-- name and key, so drizzle's schema still describes it (its builder has no INCLUDE).
DROP INDEX IF EXISTS "time_entries_ticket_id_idx";--> statement-breakpoint
CREATE INDEX "time_entries_ticket_id_idx" ON "time_entries" USING btree ("ticket_id") INCLUDE ("hours");
