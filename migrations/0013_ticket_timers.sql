CREATE TABLE "ticket_timers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_timers" ADD CONSTRAINT "ticket_timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_timers" ADD CONSTRAINT "ticket_timers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_timers_ticket_id_idx" ON "ticket_timers" USING btree ("ticket_id");