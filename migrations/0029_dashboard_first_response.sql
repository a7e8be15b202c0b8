-- Hand-written (issue 37): the dashboard's Avg Response Time is now the first reply's time of today's
-- first-answered tickets (server/features/dashboard), read through the partial index below. The
-- hourly creation-to-assignment sums that served the old definition have no reader left: the
-- triggers stop keeping them (the functions of migrations 0006 and 0019, with ticket_counts only)
-- and the table goes.
CREATE OR REPLACE FUNCTION compact_ticket_aggregates() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM ticket_counts RETURNING status, priority, assigned_to, total
  )
  INSERT INTO ticket_counts (status, priority, assigned_to, total)
  SELECT status, priority, assigned_to, sum(total) FROM gone
  GROUP BY status, priority, assigned_to
  HAVING sum(total) <> 0;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_ticket_aggregates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_counts (status, priority, assigned_to, total)
    SELECT status, priority, assigned_to, count(*) FROM new_rows WHERE deleted_at IS NULL
    GROUP BY status, priority, assigned_to;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ticket_counts (status, priority, assigned_to, total)
    SELECT status, priority, assigned_to, -count(*) FROM old_rows WHERE deleted_at IS NULL
    GROUP BY status, priority, assigned_to;
  ELSE
    INSERT INTO ticket_counts (status, priority, assigned_to, total)
    SELECT status, priority, assigned_to, sum(change) FROM (
      SELECT status, priority, assigned_to, 1 AS change FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT status, priority, assigned_to, -1 FROM old_rows WHERE deleted_at IS NULL
    ) AS changes
    GROUP BY status, priority, assigned_to
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
CREATE OR REPLACE FUNCTION reset_ticket_aggregates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TABLE "ticket_assignment_hours";--> statement-breakpoint
CREATE INDEX "ticket_messages_outbound_created_at_idx" ON "ticket_messages" USING btree ("created_at") WHERE "ticket_messages"."direction" = 'outbound';
