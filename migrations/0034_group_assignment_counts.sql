ALTER TABLE "group_members" ADD COLUMN "assigned_turn" bigint;--> statement-breakpoint
ALTER TABLE "ticket_counts" ADD COLUMN "group_id" uuid;--> statement-breakpoint
-- Hand-written (issue 39): ticket_counts gains the group, so the sidebar counts a group's open tickets,
-- automatic assignment's "least open" counts each member's, and the dashboard leaves out the private
-- groups the caller is not a member of, all from this small table. The triggers of migration 0029 with
-- the group added; the rows are recounted below (the triggers hold writers until this commits).
CREATE OR REPLACE FUNCTION compact_ticket_aggregates() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM ticket_counts RETURNING status, priority, assigned_to, group_id, total
  )
  INSERT INTO ticket_counts (status, priority, assigned_to, group_id, total)
  SELECT status, priority, assigned_to, group_id, sum(total) FROM gone
  GROUP BY status, priority, assigned_to, group_id
  HAVING sum(total) <> 0;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_ticket_aggregates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_counts (status, priority, assigned_to, group_id, total)
    SELECT status, priority, assigned_to, group_id, count(*) FROM new_rows WHERE deleted_at IS NULL
    GROUP BY status, priority, assigned_to, group_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ticket_counts (status, priority, assigned_to, group_id, total)
    SELECT status, priority, assigned_to, group_id, -count(*) FROM old_rows WHERE deleted_at IS NULL
    GROUP BY status, priority, assigned_to, group_id;
  ELSE
    INSERT INTO ticket_counts (status, priority, assigned_to, group_id, total)
    SELECT status, priority, assigned_to, group_id, sum(change) FROM (
      SELECT status, priority, assigned_to, group_id, 1 AS change FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT status, priority, assigned_to, group_id, -1 FROM old_rows WHERE deleted_at IS NULL
    ) AS changes
    GROUP BY status, priority, assigned_to, group_id
    HAVING sum(change) <> 0;
  END IF;
  -- Folding reads its rows afresh, which only READ COMMITTED (the app's level) guarantees.
  IF random() < 0.02
    AND current_setting('transaction_isolation') = 'read committed'
    AND pg_try_advisory_xact_lock(724311003)
  THEN
    PERFORM compact_ticket_aggregates();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
LOCK TABLE tickets IN SHARE MODE;
--> statement-breakpoint
DELETE FROM ticket_counts;
--> statement-breakpoint
INSERT INTO ticket_counts (status, priority, assigned_to, group_id, total)
SELECT status, priority, assigned_to, group_id, count(*) FROM tickets WHERE deleted_at IS NULL
GROUP BY status, priority, assigned_to, group_id;
