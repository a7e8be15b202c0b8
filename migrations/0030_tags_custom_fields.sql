CREATE TABLE "tag_counts" (
	"tag" text PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" varchar(40) NOT NULL,
	"label" varchar(100) NOT NULL,
	"type" varchar(16) NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required_to_close" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_fields_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "ticket_events" ADD COLUMN "field" varchar(40);--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_tags_idx" ON "tickets" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "tickets_custom_fields_idx" ON "tickets" USING gin ("custom_fields" jsonb_path_ops);--> statement-breakpoint
-- Issue 38: tag_counts holds, per tag, how many tickets not in the Trash carry it (the autocomplete of
-- GET /api/tags reads it instead of unnesting every ticket's tags). Each change adds or takes one for
-- the tags that came or went, in tag order so concurrent writers lock the counters in the same order.
CREATE FUNCTION tag_counts_add(changed text[], delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO tag_counts AS counted (tag, total)
  SELECT tag, delta FROM (SELECT DISTINCT unnest(changed) AS tag) AS each_tag ORDER BY tag
  ON CONFLICT (tag) DO UPDATE SET total = counted.total + EXCLUDED.total
$$;
--> statement-breakpoint
CREATE FUNCTION count_ticket_tags() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_tags text[] := '{}';
  after_tags text[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.deleted_at IS NULL THEN before_tags := OLD.tags; END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF NEW.deleted_at IS NULL THEN after_tags := NEW.tags; END IF;
  END IF;
  PERFORM tag_counts_add(ARRAY(SELECT unnest(after_tags) EXCEPT SELECT unnest(before_tags)), 1);
  PERFORM tag_counts_add(ARRAY(SELECT unnest(before_tags) EXCEPT SELECT unnest(after_tags)), -1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_tag_counts_on_insert AFTER INSERT ON tickets
  FOR EACH ROW WHEN (cardinality(NEW.tags) > 0) EXECUTE FUNCTION count_ticket_tags();
--> statement-breakpoint
CREATE TRIGGER tickets_tag_counts_on_delete AFTER DELETE ON tickets
  FOR EACH ROW WHEN (cardinality(OLD.tags) > 0) EXECUTE FUNCTION count_ticket_tags();
--> statement-breakpoint
CREATE TRIGGER tickets_tag_counts_on_update AFTER UPDATE ON tickets
  FOR EACH ROW WHEN (
    NEW.tags IS DISTINCT FROM OLD.tags
    OR ((NEW.deleted_at IS NULL) <> (OLD.deleted_at IS NULL) AND cardinality(NEW.tags) > 0)
  )
  EXECUTE FUNCTION count_ticket_tags();
--> statement-breakpoint
-- Word search finds a tag too (issue 38): the tags are one more field of the search document.
CREATE OR REPLACE FUNCTION ticket_search_vector(t tickets) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT to_tsvector('simple'::regconfig, translate(t.subject, '<>', '  '))
    || to_tsvector('simple'::regconfig, translate(coalesce(t.body_text, t.body), '<>', '  '))
    || to_tsvector('simple'::regconfig, translate(t.from_name, '<>', '  '))
    || to_tsvector('simple'::regconfig, t.from_email)
    || to_tsvector('simple'::regconfig, split_part(t.from_email, '@', 2))
    || to_tsvector('simple'::regconfig, translate(left(ticket_notes_search_text(t.notes), 200000), '<>', '  '))
    || to_tsvector('simple'::regconfig, left(coalesce(t.conversation_text, ''), 200000))
    || to_tsvector('simple'::regconfig, array_to_string(t.tags, ' '))
$$;
--> statement-breakpoint
DROP TRIGGER tickets_search_vector_on_update ON tickets;
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
    OR NEW.tags IS DISTINCT FROM OLD.tags
  )
  EXECUTE FUNCTION set_ticket_search_vector();
