-- Hand-written (issue 39): folding ticket_counts rewrote every row of the table each time (about one
-- write statement in 50). With the group among its keys the table holds a row per status, priority,
-- assignee and group (5,500 in the benchmark's help desk, nine times the rows before), so each fold
-- left thousands of dead rows behind: 860,000 after 8,000 ticket writes, and the dashboard's sums
-- read 62 MB instead of 300 kB. A fold now rewrites only the keys that have more than one row (the
-- differences appended since the last fold) and drops the rows that sum to nothing: its work follows
-- the writes since the last fold, not the size of the table.
CREATE OR REPLACE FUNCTION compact_ticket_aggregates() RETURNS void LANGUAGE sql AS $$
  WITH split AS (
    SELECT status, priority, assigned_to, group_id FROM ticket_counts
    GROUP BY status, priority, assigned_to, group_id
    HAVING count(*) > 1 OR sum(total) = 0
  ), gone AS (
    DELETE FROM ticket_counts AS counts USING split
    WHERE counts.status = split.status AND counts.priority = split.priority
      AND counts.assigned_to IS NOT DISTINCT FROM split.assigned_to
      AND counts.group_id IS NOT DISTINCT FROM split.group_id
    RETURNING counts.status, counts.priority, counts.assigned_to, counts.group_id, counts.total
  )
  INSERT INTO ticket_counts (status, priority, assigned_to, group_id, total)
  SELECT status, priority, assigned_to, group_id, sum(total) FROM gone
  GROUP BY status, priority, assigned_to, group_id
  HAVING sum(total) <> 0;
$$;
