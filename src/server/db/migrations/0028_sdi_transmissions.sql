CREATE TABLE "sdi_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"transmission_id" uuid NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"outcome" text,
	"description" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"xml" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sdi_transmissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" text,
	"account_id" uuid,
	"outbox_id" uuid,
	"file_name" text NOT NULL,
	"sent_to" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sdi_identifier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoicing_settings" ADD COLUMN "sdi_pec_address" text;--> statement-breakpoint
ALTER TABLE "invoicing_settings" ADD COLUMN "sdi_assigned_address" text;--> statement-breakpoint
ALTER TABLE "sdi_notifications" ADD CONSTRAINT "sdi_notifications_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_notifications" ADD CONSTRAINT "sdi_notifications_transmission_id_sdi_transmissions_id_fk" FOREIGN KEY ("transmission_id") REFERENCES "public"."sdi_transmissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_transmissions" ADD CONSTRAINT "sdi_transmissions_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_transmissions" ADD CONSTRAINT "sdi_transmissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_transmissions" ADD CONSTRAINT "sdi_transmissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_transmissions" ADD CONSTRAINT "sdi_transmissions_account_id_mail_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mail_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sdi_transmissions" ADD CONSTRAINT "sdi_transmissions_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sdi_notifications_file_uq" ON "sdi_notifications" USING btree ("transmission_id","file_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sdi_transmissions_file_uq" ON "sdi_transmissions" USING btree ("organization_id","file_name");--> statement-breakpoint
CREATE INDEX "sdi_transmissions_invoice_idx" ON "sdi_transmissions" USING btree ("organization_id","invoice_id","created_at");