CREATE TABLE "invoice_sales_lines" (
	"invoice_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"organization_id" text NOT NULL,
	"issue_date" date NOT NULL,
	"item_id" text,
	"description" text NOT NULL,
	"quantity" numeric NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "invoice_sales_lines_invoice_id_line_number_pk" PRIMARY KEY("invoice_id","line_number")
);
--> statement-breakpoint
DROP INDEX "invoices_issued_figures_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pension_fund_cents" bigint GENERATED ALWAYS AS (coalesce((snapshot->'totals'->>'pensionFundCents')::bigint, 0)) STORED;--> statement-breakpoint
ALTER TABLE "invoice_sales_lines" ADD CONSTRAINT "invoice_sales_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A snapshot line's amount and quantity, never failing on a malformed value (0): the trigger below runs when an
-- invoice is issued and must not be able to stop it.
CREATE FUNCTION invoice_line_cents(line jsonb) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(line->'totalCents') = 'number' THEN round((line->>'totalCents')::numeric)::bigint
    ELSE 0 END
$$;--> statement-breakpoint
CREATE FUNCTION invoice_line_quantity(line jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN line->>'quantity' ~ '^-?[0-9]{1,15}(\.[0-9]{1,8})?$' THEN (line->>'quantity')::numeric ELSE 0 END
$$;--> statement-breakpoint
-- invoice_sales_lines mirrors the lines of each issued document's snapshot (a credit note's amounts and quantities
-- negative), kept by this trigger only: the revenue reports sum its narrow rows instead of parsing each document's JSON.
CREATE FUNCTION invoice_sales_lines_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.snapshot IS NOT DISTINCT FROM OLD.snapshot AND NEW.phase = OLD.phase
    AND NEW.issue_date = OLD.issue_date AND NEW.document_type = OLD.document_type THEN
    RETURN NULL;
  END IF;
  DELETE FROM invoice_sales_lines WHERE invoice_id = NEW.id;
  IF NEW.phase = 'issued' AND jsonb_typeof(NEW.snapshot->'totals'->'lines') = 'array' THEN
    INSERT INTO invoice_sales_lines (invoice_id, line_number, organization_id, issue_date, item_id, description, quantity, cents)
    SELECT NEW.id, l.n::int, NEW.organization_id, NEW.issue_date, nullif(l.v->>'itemId', ''),
      btrim(coalesce(l.v->>'description', '')),
      CASE WHEN NEW.document_type = 'TD04' THEN -1 ELSE 1 END * invoice_line_quantity(l.v),
      CASE WHEN NEW.document_type = 'TD04' THEN -1 ELSE 1 END * invoice_line_cents(l.v)
    FROM jsonb_array_elements(NEW.snapshot->'totals'->'lines') WITH ORDINALITY AS l(v, n);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER invoice_sales_lines_sync AFTER INSERT OR UPDATE OF snapshot, phase, issue_date, document_type
  ON invoices FOR EACH ROW EXECUTE FUNCTION invoice_sales_lines_sync();--> statement-breakpoint
INSERT INTO invoice_sales_lines (invoice_id, line_number, organization_id, issue_date, item_id, description, quantity, cents)
SELECT i.id, l.n::int, i.organization_id, i.issue_date, nullif(l.v->>'itemId', ''),
  btrim(coalesce(l.v->>'description', '')),
  CASE WHEN i.document_type = 'TD04' THEN -1 ELSE 1 END * invoice_line_quantity(l.v),
  CASE WHEN i.document_type = 'TD04' THEN -1 ELSE 1 END * invoice_line_cents(l.v)
FROM invoices i CROSS JOIN LATERAL jsonb_array_elements(i.snapshot->'totals'->'lines') WITH ORDINALITY AS l(v, n)
WHERE i.phase = 'issued' AND jsonb_typeof(i.snapshot->'totals'->'lines') = 'array';--> statement-breakpoint
CREATE INDEX "invoice_sales_lines_org_date_idx" ON "invoice_sales_lines" USING btree ("organization_id","issue_date","item_id","cents");--> statement-breakpoint
CREATE INDEX "invoices_pension_fund_idx" ON "invoices" USING btree ("organization_id","issue_date") WHERE "invoices"."phase" = 'issued' and "invoices"."pension_fund_cents" <> 0;--> statement-breakpoint
CREATE INDEX "invoices_issued_figures_idx" ON "invoices" USING btree ("organization_id","issue_date","document_type","client_id","total_cents","vat_taxable_cents","vat_due_cents","vat_split_cents","vat_reverse_taxable_cents","pension_fund_cents") WHERE "invoices"."phase" = 'issued';