CREATE TABLE "business_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"created_by" text,
	"company_name" text NOT NULL,
	"business_type" text,
	"industry" text,
	"tax_id" text,
	"vat_number" text,
	"codice_fiscale" text,
	"tax_regime" text,
	"pec" text,
	"website" text,
	"phone" text,
	"email" text,
	"street" text,
	"city" text,
	"state" text,
	"province" text,
	"postal_code" text,
	"country" text DEFAULT 'IT' NOT NULL,
	"employee_count" text,
	"description" text,
	"logo_key" text,
	"onboarding_complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_profiles_organization_id_unique" UNIQUE("organization_id")
);
--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;