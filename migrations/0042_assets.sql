CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_tag" varchar(64) NOT NULL,
	"product_type" varchar(32) NOT NULL,
	"model" varchar(200),
	"serial_number" varchar(100),
	"status" varchar(16) DEFAULT 'available' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loaner_equipment" ADD COLUMN "asset_id" uuid;--> statement-breakpoint
ALTER TABLE "loaner_equipment" ADD COLUMN "ticket_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "assets_asset_tag_lower_unique" ON "assets" USING btree (lower("asset_tag"));--> statement-breakpoint
CREATE INDEX "assets_product_type_status_idx" ON "assets" USING btree ("product_type","status");--> statement-breakpoint
CREATE INDEX "assets_search_trgm_idx" ON "assets" USING gin (("asset_tag" || ' ' || coalesce("serial_number", '') || ' ' || coalesce("model", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "loaner_equipment" ADD CONSTRAINT "loaner_equipment_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loaner_equipment" ADD CONSTRAINT "loaner_equipment_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loaner_equipment_asset_id_idx" ON "loaner_equipment" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "loaner_equipment_ticket_id_idx" ON "loaner_equipment" USING btree ("ticket_id");