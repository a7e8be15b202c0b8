CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(60) NOT NULL,
	"scope" varchar(16) NOT NULL,
	"owner_id" uuid,
	"query" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_team_name_unique" ON "saved_views" USING btree (lower("name")) WHERE "saved_views"."owner_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_name_unique" ON "saved_views" USING btree ("owner_id",lower("name")) WHERE "saved_views"."owner_id" IS NOT NULL;