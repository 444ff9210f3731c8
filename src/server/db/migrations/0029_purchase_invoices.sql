CREATE TABLE "purchase_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"taxable_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"withholding_cents" bigint DEFAULT 0 NOT NULL,
	"lines" jsonb NOT NULL,
	"vat_summary" jsonb NOT NULL,
	"installments" jsonb NOT NULL,
	"description" text,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"body_index" integer DEFAULT 0 NOT NULL,
	"mail_message_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"vat_number" text,
	"tax_code" text,
	"address" text,
	"postal_code" text,
	"city" text,
	"province" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_mail_message_id_mail_messages_id_fk" FOREIGN KEY ("mail_message_id") REFERENCES "public"."mail_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_invoices_document_uq" ON "purchase_invoices" USING btree ("organization_id","supplier_id","document_type","number","issue_date");--> statement-breakpoint
CREATE INDEX "purchase_invoices_org_date_idx" ON "purchase_invoices" USING btree ("organization_id","issue_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_org_vat_uq" ON "suppliers" USING btree ("organization_id","vat_number") WHERE "suppliers"."vat_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_org_tax_code_uq" ON "suppliers" USING btree ("organization_id","tax_code") WHERE "suppliers"."vat_number" is null and "suppliers"."tax_code" is not null;