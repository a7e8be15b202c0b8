-- Besides announcing a change to a session or a user on `auth_changes` (migration 0024), the trigger now
-- tells the connection that made it, with a NOTICE, once per transaction: the app then knows, without a
-- round trip, that the request it is answering changed who may do what, and answers only once every
-- process has forgotten what it kept (server/middleware/session-cache.ts, docs/decisions.md).
CREATE FUNCTION tell_auth_change_once() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('helpdesk.auth_change_told', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('helpdesk.auth_change_told', 'yes', true);
    RAISE NOTICE 'auth_changes';
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION announce_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('auth_changes', '*');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('auth_changes', 's:' || OLD.sid);
  ELSE
    PERFORM pg_notify('auth_changes', 'u:' || OLD.id);
  END IF;
  PERFORM tell_auth_change_once();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A change to the `registration` setting (migration 0025) changes what every session may reach: its
-- writer waits for every process to forget, too.
CREATE OR REPLACE FUNCTION announce_auth_change_everywhere() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changes', '*');
  PERFORM tell_auth_change_once();
  RETURN NULL;
END $$;
