-- Keeps ticket_counts and ticket_assignment_hours (shared/schema.ts) in step with tickets. Every
-- statement that changes tickets appends its differences as new rows and never updates a row in place,
-- so concurrent writers neither wait for nor deadlock with one another. About one statement in 50 then
-- folds the rows together, if it gets the advisory lock (otherwise another writer is folding them).
-- docs/decisions.md explains the design; recount with the two INSERTs at the end after deleting both
-- tables' rows, should the triggers ever have been disabled.
CREATE FUNCTION compact_ticket_aggregates() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM ticket_counts RETURNING status, priority, assigned_to, total
  )
  INSERT INTO ticket_counts (status, priority, assigned_to, total)
  SELECT status, priority, assigned_to, sum(total) FROM gone
  GROUP BY status, priority, assigned_to
  HAVING sum(total) <> 0;

  WITH split AS (
    SELECT created_hour FROM ticket_assignment_hours GROUP BY created_hour HAVING count(*) > 1
  ), gone AS (
    DELETE FROM ticket_assignment_hours AS hours USING split
    WHERE hours.created_hour = split.created_hour
    RETURNING hours.created_hour, hours.assigned_tickets, hours.assignment_seconds
  )
  INSERT INTO ticket_assignment_hours (created_hour, assigned_tickets, assignment_seconds)
  SELECT created_hour, sum(assigned_tickets), sum(assignment_seconds) FROM gone
  GROUP BY created_hour
  HAVING sum(assigned_tickets) <> 0 OR sum(assignment_seconds) <> 0;
$$;
--> statement-breakpoint
CREATE FUNCTION record_ticket_aggregates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_counts (status, priority, assigned_to, total)
    SELECT status, priority, assigned_to, count(*) FROM new_rows
    GROUP BY status, priority, assigned_to;

    INSERT INTO ticket_assignment_hours (created_hour, assigned_tickets, assignment_seconds)
    SELECT floor(extract(epoch FROM created_at) / 3600), count(*),
      sum(extract(epoch FROM assigned_at - created_at))
    FROM new_rows WHERE assigned_at >= created_at
    GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ticket_counts (status, priority, assigned_to, total)
    SELECT status, priority, assigned_to, -count(*) FROM old_rows
    GROUP BY status, priority, assigned_to;

    INSERT INTO ticket_assignment_hours (created_hour, assigned_tickets, assignment_seconds)
    SELECT floor(extract(epoch FROM created_at) / 3600), -count(*),
      -sum(extract(epoch FROM assigned_at - created_at))
    FROM old_rows WHERE assigned_at >= created_at
    GROUP BY 1;
  ELSE
    INSERT INTO ticket_counts (status, priority, assigned_to, total)
    SELECT status, priority, assigned_to, sum(change) FROM (
      SELECT status, priority, assigned_to, 1 AS change FROM new_rows
      UNION ALL
      SELECT status, priority, assigned_to, -1 FROM old_rows
    ) AS changes
    GROUP BY status, priority, assigned_to
    HAVING sum(change) <> 0;

    INSERT INTO ticket_assignment_hours (created_hour, assigned_tickets, assignment_seconds)
    SELECT created_hour, sum(change), sum(seconds) FROM (
      SELECT floor(extract(epoch FROM created_at) / 3600) AS created_hour, 1 AS change,
        extract(epoch FROM assigned_at - created_at) AS seconds
      FROM new_rows WHERE assigned_at >= created_at
      UNION ALL
      SELECT floor(extract(epoch FROM created_at) / 3600), -1,
        -extract(epoch FROM assigned_at - created_at)
      FROM old_rows WHERE assigned_at >= created_at
    ) AS changes
    GROUP BY created_hour
    HAVING sum(change) <> 0 OR sum(seconds) <> 0;
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
CREATE FUNCTION reset_ticket_aggregates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_counts;
  DELETE FROM ticket_assignment_hours;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_aggregates_insert AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_ticket_aggregates();
--> statement-breakpoint
CREATE TRIGGER tickets_aggregates_update AFTER UPDATE ON tickets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_ticket_aggregates();
--> statement-breakpoint
CREATE TRIGGER tickets_aggregates_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_ticket_aggregates();
--> statement-breakpoint
CREATE TRIGGER tickets_aggregates_truncate AFTER TRUNCATE ON tickets
  FOR EACH STATEMENT EXECUTE FUNCTION reset_ticket_aggregates();
--> statement-breakpoint
-- The tickets there are already (the triggers above lock out writers until this migration commits).
INSERT INTO ticket_counts (status, priority, assigned_to, total)
SELECT status, priority, assigned_to, count(*) FROM tickets
GROUP BY status, priority, assigned_to;
--> statement-breakpoint
INSERT INTO ticket_assignment_hours (created_hour, assigned_tickets, assignment_seconds)
SELECT floor(extract(epoch FROM created_at) / 3600), count(*),
  sum(extract(epoch FROM assigned_at - created_at))
FROM tickets WHERE assigned_at >= created_at
GROUP BY 1;
