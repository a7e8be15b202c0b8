-- Search finds words in notes and in the conversation too (issue 26; docs/decisions.md, "Search in
-- notes and messages"). The search vector stops being a generated column: a trigger keeps it instead,
-- recomputing it only when one of its sources changes, so a status change does not re-read a long
-- conversation. DROP EXPRESSION keeps every stored value and the column's statistics target.
ALTER TABLE "tickets" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "search_vector" SET DEFAULT ''::tsvector;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "conversation_text" text;--> statement-breakpoint
-- Text as the search parser should read it. The parser takes anything between < and > for an XML tag
-- and drops it: in plain text ("Error <timeout> at <node-3>") those are words, so < and > become
-- spaces; in an HTML email body they are tags, whose attributes must not be found, so it stays as is.
CREATE FUNCTION search_plain_text(body text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN body ~* '<(html|body|div|p|br|table|span|font)[\s/>]' THEN body
    ELSE translate(body, '<>', '  ')
  END
$$;
--> statement-breakpoint
-- The notes' words: the text of each entry of the JSON list (spec §3), not its keys, names or times;
-- legacy plain-text notes as they are.
CREATE FUNCTION ticket_notes_search_text(notes text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF notes IS NULL THEN
    RETURN '';
  END IF;
  IF left(ltrim(notes), 1) = '[' THEN
    BEGIN
      RETURN coalesce((
        SELECT string_agg(entry ->> 'text', E'\n')
        FROM jsonb_array_elements(notes::jsonb) AS entry
        WHERE jsonb_typeof(entry) = 'object'
      ), '');
    EXCEPTION WHEN others THEN
      RETURN notes;
    END;
  END IF;
  RETURN notes;
END;
$$;
--> statement-breakpoint
-- The whole search document. The notes and the conversation are read up to 200,000 characters each:
-- a tsvector holds at most 1 MB, and words beyond that length of text add nothing a search needs.
CREATE FUNCTION ticket_search_vector(t tickets) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT to_tsvector('simple'::regconfig, translate(t.subject, '<>', '  '))
    || to_tsvector('simple'::regconfig, translate(coalesce(t.body_text, t.body), '<>', '  '))
    || to_tsvector('simple'::regconfig, translate(t.from_name, '<>', '  '))
    || to_tsvector('simple'::regconfig, t.from_email)
    || to_tsvector('simple'::regconfig, split_part(t.from_email, '@', 2))
    || to_tsvector('simple'::regconfig, translate(left(ticket_notes_search_text(t.notes), 200000), '<>', '  '))
    || to_tsvector('simple'::regconfig, left(coalesce(t.conversation_text, ''), 200000))
$$;
--> statement-breakpoint
CREATE FUNCTION set_ticket_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := ticket_search_vector(NEW);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_search_vector_on_insert BEFORE INSERT ON tickets
  FOR EACH ROW EXECUTE FUNCTION set_ticket_search_vector();
--> statement-breakpoint
CREATE TRIGGER tickets_search_vector_on_update BEFORE UPDATE ON tickets
  FOR EACH ROW WHEN (
    NEW.subject IS DISTINCT FROM OLD.subject
    OR NEW.body IS DISTINCT FROM OLD.body
    OR NEW.body_text IS DISTINCT FROM OLD.body_text
    OR NEW.from_name IS DISTINCT FROM OLD.from_name
    OR NEW.from_email IS DISTINCT FROM OLD.from_email
    OR NEW.notes IS DISTINCT FROM OLD.notes
    OR NEW.conversation_text IS DISTINCT FROM OLD.conversation_text
  )
  EXECUTE FUNCTION set_ticket_search_vector();
--> statement-breakpoint
-- A ticket's conversation as search text: each message's body, oldest first.
CREATE FUNCTION ticket_conversation_text(ticket uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT string_agg(search_plain_text(m.body), E'\n' ORDER BY m.created_at, m.id)
  FROM ticket_messages m WHERE m.ticket_id = ticket
$$;
--> statement-breakpoint
-- A new message (a reply queued, an email received, a merge's copy of the source's email) is appended;
-- a message moved (a merge), edited or deleted makes both tickets' text be worked out again.
CREATE FUNCTION append_ticket_conversation_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tickets
  SET conversation_text = concat_ws(E'\n', conversation_text, search_plain_text(NEW.body))
  WHERE id = NEW.ticket_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ticket_messages_conversation_text_on_insert AFTER INSERT ON ticket_messages
  FOR EACH ROW EXECUTE FUNCTION append_ticket_conversation_text();
--> statement-breakpoint
CREATE FUNCTION rebuild_ticket_conversation_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE tickets SET conversation_text = ticket_conversation_text(OLD.ticket_id) WHERE id = OLD.ticket_id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.ticket_id IS DISTINCT FROM OLD.ticket_id THEN
    UPDATE tickets SET conversation_text = ticket_conversation_text(NEW.ticket_id) WHERE id = NEW.ticket_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ticket_messages_conversation_text_on_change AFTER UPDATE OF ticket_id, body ON ticket_messages
  FOR EACH ROW WHEN (NEW.ticket_id IS DISTINCT FROM OLD.ticket_id OR NEW.body IS DISTINCT FROM OLD.body)
  EXECUTE FUNCTION rebuild_ticket_conversation_text();
--> statement-breakpoint
CREATE TRIGGER ticket_messages_conversation_text_on_delete AFTER DELETE ON ticket_messages
  FOR EACH ROW EXECUTE FUNCTION rebuild_ticket_conversation_text();
--> statement-breakpoint
-- The tickets stored until now: those with messages get their conversation text, and those with
-- notes or messages their new search vector (the trigger above does it on the update).
UPDATE tickets SET conversation_text = ticket_conversation_text(id)
WHERE id IN (SELECT DISTINCT ticket_id FROM ticket_messages);
--> statement-breakpoint
UPDATE tickets SET search_vector = ticket_search_vector(tickets)
WHERE notes IS NOT NULL AND conversation_text IS NULL;
