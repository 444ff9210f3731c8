CREATE TABLE "mail_pec_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"message_row_id" uuid NOT NULL,
	"refers_to" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text,
	"error" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_pec_receipts" ADD CONSTRAINT "mail_pec_receipts_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_pec_receipts" ADD CONSTRAINT "mail_pec_receipts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_pec_receipts" ADD CONSTRAINT "mail_pec_receipts_message_row_id_mail_messages_id_fk" FOREIGN KEY ("message_row_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_pec_receipts_refers_idx" ON "mail_pec_receipts" USING btree ("organization_id","user_id","refers_to");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_pec_receipts_message_uq" ON "mail_pec_receipts" USING btree ("message_row_id");