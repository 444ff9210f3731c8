CREATE TABLE "mail_sender_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"sender_name" text,
	"sender_address" text,
	"reply_to" text,
	"transport" text DEFAULT 'installation' NOT NULL,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_security" text,
	"smtp_username" text,
	"smtp_password_sealed" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "via_organization_smtp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_sender_settings" ADD CONSTRAINT "mail_sender_settings_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sender_settings" ADD CONSTRAINT "mail_sender_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;