-- Whether admins require two-step sign-in (the `registration` setting's requireTotp) decides what every
-- signed-in session may reach (server/middleware/require-auth.ts), and the sessions each process keeps in
-- memory carry that answer (server/middleware/session-cache.ts). So a change to that setting is
-- announced on `auth_changes` as a change to everything ("*"), like a TRUNCATE of the sessions.
CREATE FUNCTION announce_auth_change_everywhere() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changes', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER settings_announce_registration_insert AFTER INSERT ON settings
  FOR EACH ROW WHEN (NEW.key = 'registration') EXECUTE FUNCTION announce_auth_change_everywhere();
--> statement-breakpoint
CREATE TRIGGER settings_announce_registration_update AFTER UPDATE ON settings
  FOR EACH ROW WHEN (OLD.key = 'registration' OR NEW.key = 'registration')
  EXECUTE FUNCTION announce_auth_change_everywhere();
--> statement-breakpoint
CREATE TRIGGER settings_announce_registration_delete AFTER DELETE ON settings
  FOR EACH ROW WHEN (OLD.key = 'registration') EXECUTE FUNCTION announce_auth_change_everywhere();
--> statement-breakpoint
CREATE TRIGGER settings_announce_truncate AFTER TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION announce_auth_change_everywhere();
