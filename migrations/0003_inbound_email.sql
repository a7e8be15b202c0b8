CREATE TABLE "inbound_messages" (
	"dedupe_key" varchar(64) PRIMARY KEY NOT NULL,
	"sender" varchar(320) NOT NULL,
	"message_id" text,
	"ticket_id" uuid,
	"outcome" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_messages_sender_created_at_idx" ON "inbound_messages" USING btree ("sender","created_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_ticket_id_idx" ON "inbound_messages" USING btree ("ticket_id");