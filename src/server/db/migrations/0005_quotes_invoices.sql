CREATE TABLE "document_counters" (
	"organization_id" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_organization_id_series_year_pk" PRIMARY KEY("organization_id","series","year")
);
--> statement-breakpoint
CREATE TABLE "email_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text,
	"invoice_id" uuid,
	"quote_id" uuid,
	"client_id" uuid,
	"outbox_id" uuid,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"recipient_email" text NOT NULL,
	"subject" text NOT NULL,
	"template_type" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"template_key" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"content_text" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"transaction_id" uuid,
	"paid_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"document_type" text DEFAULT 'TD01' NOT NULL,
	"related_invoice_id" uuid,
	"number" text,
	"year" integer,
	"sequence" integer,
	"client_id" uuid NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"phase" text DEFAULT 'draft' NOT NULL,
	"sent_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"language" text DEFAULT 'it' NOT NULL,
	"payment_method" text DEFAULT 'bank_transfer' NOT NULL,
	"lines" jsonb NOT NULL,
	"tax" jsonb NOT NULL,
	"taxable_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"amount_due_cents" bigint NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"credited_cents" bigint DEFAULT 0 NOT NULL,
	"notes" text,
	"terms" text,
	"pdf_template" text DEFAULT 'default' NOT NULL,
	"snapshot" jsonb,
	"from_quote_id" uuid,
	"reminder_count" integer DEFAULT 0 NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoicing_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"invoice_number_pattern" text DEFAULT '{n}/{yyyy}' NOT NULL,
	"credit_note_number_pattern" text DEFAULT 'NC{n}/{yyyy}' NOT NULL,
	"quote_number_pattern" text DEFAULT 'P{n}/{yyyy}' NOT NULL,
	"quote_validity_days" integer DEFAULT 30 NOT NULL,
	"stamp_duty_charged_to_client" boolean DEFAULT true NOT NULL,
	"automatic_reminders" boolean DEFAULT true NOT NULL,
	"reminder_every_days" integer DEFAULT 7 NOT NULL,
	"pdf_template" text DEFAULT 'default' NOT NULL,
	"iban" text,
	"bank_name" text,
	"default_withholding" jsonb,
	"default_pension_fund" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"issue_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"language" text DEFAULT 'it' NOT NULL,
	"lines" jsonb NOT NULL,
	"tax" jsonb NOT NULL,
	"taxable_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"amount_due_cents" bigint NOT NULL,
	"notes" text,
	"terms" text,
	"pdf_template" text DEFAULT 'default' NOT NULL,
	"public_token_hash" text,
	"public_token_expires_at" timestamp with time zone,
	"client_response_message" text,
	"responded_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"converted_invoice_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "split_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_activity" ADD CONSTRAINT "email_activity_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_activity" ADD CONSTRAINT "email_activity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_activity" ADD CONSTRAINT "email_activity_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_activity" ADD CONSTRAINT "email_activity_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_activity" ADD CONSTRAINT "email_activity_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_activity" ADD CONSTRAINT "email_activity_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoicing_settings" ADD CONSTRAINT "invoicing_settings_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_activity_invoice_idx" ON "email_activity" USING btree ("invoice_id","sent_at");--> statement-breakpoint
CREATE INDEX "email_activity_quote_idx" ON "email_activity" USING btree ("quote_id","sent_at");--> statement-breakpoint
CREATE INDEX "email_activity_client_idx" ON "email_activity" USING btree ("organization_id","client_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_org_key_lang_uq" ON "email_templates" USING btree ("organization_id","template_key","language");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("organization_id","invoice_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_org_type_year_seq_uq" ON "invoices" USING btree ("organization_id","document_type","year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_org_issue_idx" ON "invoices" USING btree ("organization_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_org_client_idx" ON "invoices" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "invoices_org_due_idx" ON "invoices" USING btree ("organization_id","due_date") WHERE "invoices"."phase" = 'issued';--> statement-breakpoint
CREATE INDEX "invoices_related_idx" ON "invoices" USING btree ("related_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_org_year_seq_uq" ON "quotes" USING btree ("organization_id","year","sequence");--> statement-breakpoint
CREATE INDEX "quotes_org_issue_idx" ON "quotes" USING btree ("organization_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "quotes_org_client_idx" ON "quotes" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "quotes_expiry_idx" ON "quotes" USING btree ("valid_until") WHERE "quotes"."status" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_public_token_uq" ON "quotes" USING btree ("public_token_hash");