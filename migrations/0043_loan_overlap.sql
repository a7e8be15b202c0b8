-- Issue 42: an asset has at most one open loan or reservation on any day, enforced by the database
-- itself so two app processes lending the same asset at the same instant give one success and one
-- 23P01 (exclusion_violation). Both ends are inclusive ('[]'): a loan due back on the 4th and another
-- checked out on the 4th overlap. A returned loan, or one without an asset, never conflicts.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "loaner_equipment" ADD CONSTRAINT "loaner_equipment_asset_no_overlap"
  EXCLUDE USING gist (asset_id WITH =, daterange(checkout_date, expected_return_date, '[]') WITH &&)
  WHERE (asset_id IS NOT NULL AND NOT is_returned);
