CREATE TABLE "ticket_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"kind" varchar(32) NOT NULL,
	"actor_id" uuid,
	"from_value" text,
	"to_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_views" (
	"user_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_views_user_id_ticket_id_pk" PRIMARY KEY("user_id","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "assignee_sort_name" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_views" ADD CONSTRAINT "ticket_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_views" ADD CONSTRAINT "ticket_views_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_events_ticket_id_created_at_idx" ON "ticket_events" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_updated_at_id_idx" ON "tickets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_last_message_at_id_idx" ON "tickets" USING btree ("last_message_at","id");--> statement-breakpoint
CREATE INDEX "tickets_priority_rank_idx" ON "tickets" USING btree ((CASE "priority" WHEN 'low' THEN 0 WHEN 'medium' THEN 1 WHEN 'high' THEN 2 END),"created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_status_rank_idx" ON "tickets" USING btree ((CASE "status" WHEN 'open' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'closed' THEN 2 WHEN 'closed_with_harvest' THEN 3 END),"created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_number_order_idx" ON "tickets" USING btree (length("ticket_number"),"ticket_number");--> statement-breakpoint
CREATE INDEX "tickets_subject_order_idx" ON "tickets" USING btree (lower(left("subject", 100)),"created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_assignee_order_idx" ON "tickets" USING btree ("assignee_sort_name","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_deleted_at_idx" ON "tickets" USING btree ("deleted_at") WHERE "tickets"."deleted_at" IS NOT NULL;--> statement-breakpoint
-- Hand-written (issue 26): the two columns the list sorts by that no write path sets itself, kept by
-- triggers so that every writer (the API, emails, the mailbox import, a restore) keeps them right.
--
-- The assignee's name as the list sorts it: lower-cased "first last", else the email (as the SPA
-- shows a user without a name).
CREATE FUNCTION user_sort_name(first_name text, last_name text, email text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email))
$$;
--> statement-breakpoint
-- A new ticket: its requester last wrote when it was created; its assignee's name is copied in.
-- A changed assignee (also a user's deletion, which sets assigned_to to null): the name follows.
CREATE FUNCTION set_ticket_sort_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.last_message_at := NEW.created_at;
  END IF;
  NEW.assignee_sort_name := (
    SELECT user_sort_name(first_name, last_name, email) FROM users WHERE id = NEW.assigned_to
  );
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_sort_columns_on_insert BEFORE INSERT ON tickets
  FOR EACH ROW EXECUTE FUNCTION set_ticket_sort_columns();
--> statement-breakpoint
CREATE TRIGGER tickets_sort_columns_on_assign BEFORE UPDATE ON tickets
  FOR EACH ROW WHEN (NEW.assigned_to IS DISTINCT FROM OLD.assigned_to)
  EXECUTE FUNCTION set_ticket_sort_columns();
--> statement-breakpoint
-- A renamed user: their tickets' copy of the name follows (rare, and one statement).
CREATE FUNCTION rename_assignee_on_tickets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tickets SET assignee_sort_name = user_sort_name(NEW.first_name, NEW.last_name, NEW.email)
  WHERE assigned_to = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_rename_assignee_on_tickets AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    user_sort_name(NEW.first_name, NEW.last_name, NEW.email)
      IS DISTINCT FROM user_sort_name(OLD.first_name, OLD.last_name, OLD.email)
  )
  EXECUTE FUNCTION rename_assignee_on_tickets();
--> statement-breakpoint
-- An email received into a ticket's conversation: the requester wrote last at that time.
CREATE FUNCTION note_ticket_inbound_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tickets SET last_message_at = NEW.created_at
  WHERE id = NEW.ticket_id AND last_message_at < NEW.created_at;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ticket_messages_inbound_last_message AFTER INSERT ON ticket_messages
  FOR EACH ROW WHEN (NEW.direction = 'inbound')
  EXECUTE FUNCTION note_ticket_inbound_message();
--> statement-breakpoint
-- The tickets stored until now.
UPDATE tickets SET
  last_message_at = greatest(created_at, (
    SELECT max(m.created_at) FROM ticket_messages m WHERE m.ticket_id = tickets.id AND m.direction = 'inbound'
  )),
  assignee_sort_name = (
    SELECT user_sort_name(u.first_name, u.last_name, u.email) FROM users u WHERE u.id = tickets.assigned_to
  );
--> statement-breakpoint
-- A ticket's history (ticket_events), written by triggers in the same transaction as each change, so
-- every path that changes a ticket (the API, bulk changes, Close & Track Time, emails, the Harvest
-- sync, whatever is added later) records it without code of its own. The actor of a ticket's change
-- is its last_updated_by, which every writer sets to the user or to null for the help desk itself;
-- the Harvest sync alone leaves it as it was, so its one change (closed → closed_with_harvest) is
-- recorded without an actor.
CREATE FUNCTION user_display_name(user_id uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email) FROM users WHERE id = user_id
$$;
--> statement-breakpoint
CREATE FUNCTION is_closed_ticket_status(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('closed', 'closed_with_harvest')
$$;
--> statement-breakpoint
CREATE FUNCTION record_ticket_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := NEW.last_updated_by;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_events (ticket_id, kind, actor_id, to_value, created_at)
    VALUES (NEW.id, 'created', actor, NEW.status, NEW.created_at);
    IF NEW.assigned_to IS NOT NULL THEN
      INSERT INTO ticket_events (ticket_id, kind, actor_id, to_value, created_at)
      VALUES (NEW.id, 'assignee', actor, user_display_name(NEW.assigned_to), coalesce(NEW.assigned_at, NEW.created_at));
    END IF;
    RETURN NULL;
  END IF;

  IF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO ticket_events (ticket_id, kind, actor_id, from_value, to_value)
    VALUES (
      NEW.id,
      CASE
        WHEN is_closed_ticket_status(NEW.status) AND NOT is_closed_ticket_status(OLD.status) THEN 'closed'
        WHEN is_closed_ticket_status(OLD.status) AND NOT is_closed_ticket_status(NEW.status) THEN 'reopened'
        ELSE 'status'
      END,
      CASE WHEN OLD.status = 'closed' AND NEW.status = 'closed_with_harvest' THEN NULL ELSE actor END,
      OLD.status,
      NEW.status
    );
  END IF;
  IF NEW.priority IS DISTINCT FROM OLD.priority THEN
    INSERT INTO ticket_events (ticket_id, kind, actor_id, from_value, to_value)
    VALUES (NEW.id, 'priority', actor, OLD.priority, NEW.priority);
  END IF;
  IF NEW.assigned_to IS DISTINCT FROM OLD.assigned_to THEN
    INSERT INTO ticket_events (ticket_id, kind, actor_id, from_value, to_value)
    VALUES (NEW.id, 'assignee', actor, user_display_name(OLD.assigned_to), user_display_name(NEW.assigned_to));
  END IF;
  -- Notes only grow (PUT appends, Add Note appends, Close & Track Time adds the resolution notes).
  IF NEW.notes IS DISTINCT FROM OLD.notes AND NEW.notes IS NOT NULL THEN
    INSERT INTO ticket_events (ticket_id, kind, actor_id) VALUES (NEW.id, 'note_added', actor);
  END IF;
  -- Into the Trash and out of it (issue 26); the deleting or restoring user is last_updated_by.
  IF NEW.deleted_at IS DISTINCT FROM OLD.deleted_at THEN
    INSERT INTO ticket_events (ticket_id, kind, actor_id)
    VALUES (NEW.id, CASE WHEN NEW.deleted_at IS NULL THEN 'restored' ELSE 'deleted' END, actor);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_record_events_on_insert AFTER INSERT ON tickets
  FOR EACH ROW EXECUTE FUNCTION record_ticket_events();
--> statement-breakpoint
CREATE TRIGGER tickets_record_events_on_update AFTER UPDATE ON tickets
  FOR EACH ROW WHEN (
    NEW.status IS DISTINCT FROM OLD.status OR NEW.priority IS DISTINCT FROM OLD.priority
    OR NEW.assigned_to IS DISTINCT FROM OLD.assigned_to OR NEW.notes IS DISTINCT FROM OLD.notes
    OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at
  )
  EXECUTE FUNCTION record_ticket_events();
--> statement-breakpoint
-- An email received into the conversation, or an agent's reply queued to be sent.
CREATE FUNCTION record_ticket_message_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_events (ticket_id, kind, actor_id, to_value, created_at)
  VALUES (
    NEW.ticket_id,
    CASE WHEN NEW.direction = 'inbound' THEN 'message_received' ELSE 'reply_sent' END,
    NEW.author_id,
    CASE WHEN NEW.direction = 'inbound' THEN NEW.from_email ELSE NEW.to_email END,
    NEW.created_at
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ticket_messages_record_event AFTER INSERT ON ticket_messages
  FOR EACH ROW EXECUTE FUNCTION record_ticket_message_event();
--> statement-breakpoint
-- Time logged against a ticket (Close & Track Time, the Time Tracking page): its hours.
CREATE FUNCTION record_time_entry_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_events (ticket_id, kind, actor_id, to_value, created_at)
  VALUES (NEW.ticket_id, 'time_logged', NEW.user_id, NEW.hours::text, NEW.created_at);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER time_entries_record_event AFTER INSERT ON time_entries
  FOR EACH ROW WHEN (NEW.ticket_id IS NOT NULL)
  EXECUTE FUNCTION record_time_entry_event();
--> statement-breakpoint
-- The history of the tickets stored until now, as far as their rows tell it: created, assigned (the
-- current assignee, when), closed (when), and every conversation message and time entry. Creation
-- and assignment by no known user: the Activity Log showed them that way before.
INSERT INTO ticket_events (ticket_id, kind, to_value, created_at)
SELECT id, 'created', 'open', created_at FROM tickets;
--> statement-breakpoint
INSERT INTO ticket_events (ticket_id, kind, to_value, created_at)
SELECT id, 'assignee', user_display_name(assigned_to), coalesce(assigned_at, created_at)
FROM tickets WHERE assigned_to IS NOT NULL;
--> statement-breakpoint
INSERT INTO ticket_events (ticket_id, kind, actor_id, to_value, created_at)
SELECT id, 'closed', last_updated_by, status, closed_at
FROM tickets WHERE is_closed_ticket_status(status) AND closed_at IS NOT NULL;
--> statement-breakpoint
INSERT INTO ticket_events (ticket_id, kind, actor_id, to_value, created_at)
SELECT ticket_id, CASE WHEN direction = 'inbound' THEN 'message_received' ELSE 'reply_sent' END, author_id,
  CASE WHEN direction = 'inbound' THEN from_email ELSE to_email END, created_at
FROM ticket_messages;
--> statement-breakpoint
INSERT INTO ticket_events (ticket_id, kind, actor_id, to_value, created_at)
SELECT ticket_id, 'time_logged', user_id, hours::text, created_at FROM time_entries WHERE ticket_id IS NOT NULL;

--> statement-breakpoint
-- The Trash (issue 26): a deleted ticket leaves the figures the aggregates keep (the list's totals,
-- the dashboard's and the team's counts, average response time) and comes back into them when
-- restored. The same function as migration 0006's, each transition table read without the deleted
-- rows: deleting is an UPDATE whose old row counts and new row does not, restoring the reverse, and
-- purging a deleted ticket removes nothing more. No backfill: no ticket is deleted yet.
CREATE OR REPLACE FUNCTION record_ticket_aggregates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_counts (status, priority, assigned_to, total)
    SELECT status, priority, assigned_to, count(*) FROM new_rows WHERE deleted_at IS NULL
    GROUP BY status, priority, assigned_to;

    INSERT INTO ticket_assignment_hours (created_hour, assigned_tickets, assignment_seconds)
    SELECT floor(extract(epoch FROM created_at) / 3600), count(*),
      sum(extract(epoch FROM assigned_at - created_at))
    FROM new_rows WHERE assigned_at >= created_at AND deleted_at IS NULL
    GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ticket_counts (status, priority, assigned_to, total)
    SELECT status, priority, assigned_to, -count(*) FROM old_rows WHERE deleted_at IS NULL
    GROUP BY status, priority, assigned_to;

    INSERT INTO ticket_assignment_hours (created_hour, assigned_tickets, assignment_seconds)
    SELECT floor(extract(epoch FROM created_at) / 3600), -count(*),
      -sum(extract(epoch FROM assigned_at - created_at))
    FROM old_rows WHERE assigned_at >= created_at AND deleted_at IS NULL
    GROUP BY 1;
  ELSE
    INSERT INTO ticket_counts (status, priority, assigned_to, total)
    SELECT status, priority, assigned_to, sum(change) FROM (
      SELECT status, priority, assigned_to, 1 AS change FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT status, priority, assigned_to, -1 FROM old_rows WHERE deleted_at IS NULL
    ) AS changes
    GROUP BY status, priority, assigned_to
    HAVING sum(change) <> 0;

    INSERT INTO ticket_assignment_hours (created_hour, assigned_tickets, assignment_seconds)
    SELECT created_hour, sum(change), sum(seconds) FROM (
      SELECT floor(extract(epoch FROM created_at) / 3600) AS created_hour, 1 AS change,
        extract(epoch FROM assigned_at - created_at) AS seconds
      FROM new_rows WHERE assigned_at >= created_at AND deleted_at IS NULL
      UNION ALL
      SELECT floor(extract(epoch FROM created_at) / 3600), -1,
        -extract(epoch FROM assigned_at - created_at)
      FROM old_rows WHERE assigned_at >= created_at AND deleted_at IS NULL
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
