-- The setup links of a fresh install: the SHA-256 of each token `npm start` printed while no admin
-- existed (server/features/auth/setup.service.ts). However an admin comes to be (the setup link, a
-- registration from the machine itself, `npm run seed`, a hand-written UPDATE), every link dies with it.
CREATE TABLE "setup_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION end_setup_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM setup_tokens;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_admin_ends_setup_tokens
AFTER INSERT OR UPDATE OF role ON users
FOR EACH ROW WHEN (NEW.role = 'admin')
EXECUTE FUNCTION end_setup_tokens();
