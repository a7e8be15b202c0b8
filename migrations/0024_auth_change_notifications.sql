-- Every change to a session or a user is announced on the channel `auth_changes` when its transaction
-- commits, so each app process can forget the signed-in sessions it keeps in memory
-- (server/middleware/session-cache.ts, docs/decisions.md): "s:<sid>" for a session, "u:<user id>" for a
-- user and all of their sessions, "*" for everything (a TRUNCATE). PostgreSQL folds repeated identical
-- notifications of one transaction into one.
CREATE FUNCTION announce_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('auth_changes', '*');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('auth_changes', 's:' || OLD.sid);
  ELSE
    PERFORM pg_notify('auth_changes', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_auth_change();
--> statement-breakpoint
CREATE TRIGGER sessions_announce_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION announce_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_auth_change();
