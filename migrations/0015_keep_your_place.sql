ALTER TABLE "tickets" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "assignee_sort_name" text;--> statement-breakpoint
CREATE INDEX "tickets_updated_at_id_idx" ON "tickets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_last_message_at_id_idx" ON "tickets" USING btree ("last_message_at","id");--> statement-breakpoint
CREATE INDEX "tickets_priority_rank_idx" ON "tickets" USING btree ((CASE "priority" WHEN 'low' THEN 0 WHEN 'medium' THEN 1 WHEN 'high' THEN 2 END),"created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_status_rank_idx" ON "tickets" USING btree ((CASE "status" WHEN 'open' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'closed' THEN 2 WHEN 'closed_with_harvest' THEN 3 END),"created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_number_order_idx" ON "tickets" USING btree (length("ticket_number"),"ticket_number");--> statement-breakpoint
CREATE INDEX "tickets_subject_order_idx" ON "tickets" USING btree (lower(left("subject", 100)),"created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_assignee_order_idx" ON "tickets" USING btree ("assignee_sort_name","created_at","id");--> statement-breakpoint
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
