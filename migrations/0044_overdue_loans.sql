CREATE TABLE "overdue_loan_actions" (
	"loan_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"ticket_id" uuid,
	"reopened" boolean DEFAULT false NOT NULL,
	"reminded_to" varchar(320),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overdue_loan_actions_loan_id_due_date_pk" PRIMARY KEY("loan_id","due_date")
);
--> statement-breakpoint
ALTER TABLE "overdue_loan_actions" ADD CONSTRAINT "overdue_loan_actions_loan_id_loaner_equipment_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loaner_equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overdue_loan_actions" ADD CONSTRAINT "overdue_loan_actions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "overdue_loan_actions_ticket_id_idx" ON "overdue_loan_actions" USING btree ("ticket_id");