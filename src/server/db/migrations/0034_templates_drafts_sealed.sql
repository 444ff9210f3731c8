CREATE TABLE "mail_drafts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"account_id" uuid,
	"message_id" uuid,
	"in_reply_to_id" uuid,
	"content" jsonb NOT NULL,
	"sealed_content" text,
	"is_confidential" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"imap_revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_templates" ALTER COLUMN "template_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "category" text DEFAULT 'custom' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "variables" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "is_system" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "sealed_content" text;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_account_id_mail_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mail_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_in_reply_to_id_mail_messages_id_fk" FOREIGN KEY ("in_reply_to_id") REFERENCES "public"."mail_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_drafts_owner_idx" ON "mail_drafts" USING btree ("organization_id","user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_drafts_message_idx" ON "mail_drafts" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_drafts_imap_pending_idx" ON "mail_drafts" USING btree ("account_id") WHERE "mail_drafts"."account_id" is not null and "mail_drafts"."revision" > "mail_drafts"."imap_revision";--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_templates_owner_idx" ON "email_templates" USING btree ("organization_id","user_id","updated_at" DESC NULLS LAST) WHERE "email_templates"."user_id" is not null;--> statement-breakpoint
-- Every row written before this migration is the organization's version of a system template.
UPDATE "email_templates" SET "is_system" = true WHERE "template_key" IS NOT NULL;
