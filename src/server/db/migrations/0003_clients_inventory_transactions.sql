CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"type" text DEFAULT 'company' NOT NULL,
	"full_name" text,
	"company_name" text,
	"email" text,
	"phone" text,
	"address" text,
	"city" text,
	"postal_code" text,
	"province" text,
	"country" text DEFAULT 'IT' NOT NULL,
	"vat_number" text,
	"codice_fiscale" text,
	"sdi_code" text,
	"pec" text,
	"is_public_administration" boolean DEFAULT false NOT NULL,
	"pa_office_code" text,
	"preferred_language" text DEFAULT 'it' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"notes" text,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(company_name, '') || ' ' || coalesce(full_name, '') || ' ' || coalesce(city, ''))) STORED,
	"ident_text" text GENERATED ALWAYS AS (lower(coalesce(email, '') || ' ' || coalesce(vat_number, '') || ' ' || coalesce(codice_fiscale, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"barcode" text,
	"description" text,
	"kind" text DEFAULT 'goods' NOT NULL,
	"unit" text DEFAULT 'pz' NOT NULL,
	"sale_price_cents" bigint DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"vat_rate_bp" integer DEFAULT 2200 NOT NULL,
	"vat_natura" text,
	"category" text,
	"active" boolean DEFAULT true NOT NULL,
	"stock_quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"low_stock_threshold" numeric(14, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || sku || ' ' || coalesce(barcode, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"reason" text,
	"occurred_on" date NOT NULL,
	"user_id" text,
	"document_type" text,
	"document_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"allow_negative_stock" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'Europe/Rome' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_import_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"direction" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"occurred_on" date NOT NULL,
	"direction" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"vat_amount_cents" bigint,
	"category_id" uuid,
	"description" text,
	"client_id" uuid,
	"payment_method" text DEFAULT 'bank_transfer' NOT NULL,
	"invoice_id" uuid,
	"import_hash" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_import_mappings" ADD CONSTRAINT "bank_import_mappings_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_categories" ADD CONSTRAINT "transaction_categories_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_category_id_transaction_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."transaction_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_org_name_idx" ON "clients" USING btree ("organization_id","company_name","full_name");--> statement-breakpoint
CREATE INDEX "clients_org_created_idx" ON "clients" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_ident_trgm_idx" ON "clients" USING gin ("ident_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "clients_org_vat_uq" ON "clients" USING btree ("organization_id","vat_number") WHERE "clients"."vat_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_org_email_uq" ON "clients" USING btree ("organization_id",lower("email")) WHERE "clients"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_org_sku_uq" ON "inventory_items" USING btree ("organization_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_org_barcode_uq" ON "inventory_items" USING btree ("organization_id","barcode") WHERE "inventory_items"."barcode" is not null;--> statement-breakpoint
CREATE INDEX "inventory_org_name_idx" ON "inventory_items" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "inventory_org_category_idx" ON "inventory_items" USING btree ("organization_id","category");--> statement-breakpoint
CREATE INDEX "inventory_search_trgm_idx" ON "inventory_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "stock_movements" USING btree ("organization_id","item_id","occurred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_import_mappings_org_name_uq" ON "bank_import_mappings" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_categories_org_name_uq" ON "transaction_categories" USING btree ("organization_id","direction",lower("name"));--> statement-breakpoint
CREATE INDEX "transactions_org_date_idx" ON "transactions" USING btree ("organization_id","occurred_on","id");--> statement-breakpoint
CREATE INDEX "transactions_org_category_idx" ON "transactions" USING btree ("organization_id","category_id");--> statement-breakpoint
CREATE INDEX "transactions_org_client_idx" ON "transactions" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_org_import_hash_uq" ON "transactions" USING btree ("organization_id","import_hash") WHERE "transactions"."import_hash" is not null;