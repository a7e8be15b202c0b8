CREATE TABLE "api_token_addresses" (
	"token_id" uuid NOT NULL,
	"ip" varchar(64) NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_token_addresses_token_id_ip_pk" PRIMARY KEY("token_id","ip")
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"scope" varchar(8) NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_token_addresses" ADD CONSTRAINT "api_token_addresses_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_hash_unique" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- A revoked token (its row deleted, or its user's deleted with it) is forgotten by every process that
-- kept it, as a session is (migrations 0024 and 0026): "s:tok:<hash>" names its cache entry, and the
-- connection that revoked it is told, so the revoke is answered only once no process serves the token.
-- Updates of last_used_at announce nothing: they do not change what the token may do.
CREATE FUNCTION announce_api_token_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changes', 's:tok:' || OLD.token_hash);
  PERFORM tell_auth_change_once();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_tokens_announce_change AFTER DELETE OR UPDATE OF token_hash, user_id, scope, expires_at
  ON api_tokens FOR EACH ROW EXECUTE FUNCTION announce_api_token_change();
--> statement-breakpoint
CREATE TRIGGER api_tokens_announce_truncate AFTER TRUNCATE ON api_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION announce_auth_change_everywhere();
