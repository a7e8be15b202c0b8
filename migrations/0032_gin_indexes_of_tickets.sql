-- Issue 38: one GIN index over the tags and the custom field values, so a filter on both intersects
-- them inside the index (docs/decisions/124-tags-and-custom-fields.md).
DROP INDEX "tickets_tags_idx";--> statement-breakpoint
DROP INDEX "tickets_custom_fields_idx";--> statement-breakpoint
CREATE INDEX "tickets_tags_custom_fields_idx" ON "tickets" USING gin ("tags","custom_fields" jsonb_path_ops) WITH (fastupdate=true,gin_pending_list_limit=128);--> statement-breakpoint
-- Word search keeps its index, with a pending list bounded at 128 kB instead of none: a ticket's
-- every write adds its words again (docs/decisions/066-word-search.md). Set in place: rebuilding
-- the index of a large help desk would hold its start-up.
ALTER INDEX "tickets_search_vector_idx" SET (fastupdate=true, gin_pending_list_limit=128);
