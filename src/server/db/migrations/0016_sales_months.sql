CREATE TABLE "invoice_sales_months" (
	"organization_id" text NOT NULL,
	"month" date NOT NULL,
	"item_key" text NOT NULL,
	"cents" bigint NOT NULL,
	"quantity" numeric NOT NULL,
	"documents" integer NOT NULL,
	CONSTRAINT "invoice_sales_months_organization_id_month_item_key_pk" PRIMARY KEY("organization_id","month","item_key")
);
--> statement-breakpoint
DROP INDEX "invoice_sales_lines_org_date_idx";--> statement-breakpoint
ALTER TABLE "invoice_sales_lines" ADD COLUMN "first_of_item" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_sales_months" ADD CONSTRAINT "invoice_sales_months_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_sales_lines_org_date_idx" ON "invoice_sales_lines" USING btree ("organization_id","issue_date","item_id","cents","invoice_id");--> statement-breakpoint
-- The lines of one document, written again from its snapshot: a line's item only when the item still exists (a line
-- of a deleted item counts as typed by hand), and the first line of each item flagged, so documents per item are a
-- count of flags instead of a count of distinct documents.
CREATE FUNCTION invoice_sales_lines_write(doc invoices) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_sales_lines WHERE invoice_id = doc.id;
  IF doc.phase = 'issued' AND jsonb_typeof(doc.snapshot->'totals'->'lines') = 'array' THEN
    INSERT INTO invoice_sales_lines (invoice_id, line_number, organization_id, issue_date, item_id, description,
      quantity, cents, first_of_item)
    SELECT doc.id, l.n::int, doc.organization_id, doc.issue_date, it.id::text,
      btrim(coalesce(l.v->>'description', '')),
      CASE WHEN doc.document_type = 'TD04' THEN -1 ELSE 1 END * invoice_line_quantity(l.v),
      CASE WHEN doc.document_type = 'TD04' THEN -1 ELSE 1 END * invoice_line_cents(l.v),
      row_number() OVER (PARTITION BY it.id ORDER BY l.n) = 1
    FROM jsonb_array_elements(doc.snapshot->'totals'->'lines') WITH ORDINALITY AS l(v, n)
    LEFT JOIN inventory_items it ON it.organization_id = doc.organization_id
      AND it.id = CASE WHEN l.v->>'itemId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        THEN (l.v->>'itemId')::uuid END;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_sales_lines_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.snapshot IS NOT DISTINCT FROM OLD.snapshot AND NEW.phase = OLD.phase
    AND NEW.issue_date = OLD.issue_date AND NEW.document_type = OLD.document_type THEN
    RETURN NULL;
  END IF;
  PERFORM invoice_sales_lines_write(NEW);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every line added or removed moves the sums of its month and item.
CREATE FUNCTION invoice_sales_months_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE invoice_sales_months SET cents = cents - OLD.cents, quantity = quantity - OLD.quantity,
      documents = documents - OLD.first_of_item::int
    WHERE organization_id = OLD.organization_id AND month = date_trunc('month', OLD.issue_date)::date
      AND item_key = coalesce(OLD.item_id, '');
    RETURN NULL;
  END IF;
  INSERT INTO invoice_sales_months AS m (organization_id, month, item_key, cents, quantity, documents)
  VALUES (NEW.organization_id, date_trunc('month', NEW.issue_date)::date, coalesce(NEW.item_id, ''), NEW.cents,
    NEW.quantity, NEW.first_of_item::int)
  ON CONFLICT (organization_id, month, item_key) DO UPDATE SET cents = m.cents + excluded.cents,
    quantity = m.quantity + excluded.quantity, documents = m.documents + excluded.documents;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A deleted item's lines are written again, now as lines typed by hand.
CREATE FUNCTION invoice_sales_lines_forget_item() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_sales_lines_write(doc) FROM invoices doc
  WHERE doc.id IN (SELECT invoice_id FROM invoice_sales_lines
    WHERE organization_id = OLD.organization_id AND item_id = OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
TRUNCATE invoice_sales_lines;--> statement-breakpoint
INSERT INTO invoice_sales_lines (invoice_id, line_number, organization_id, issue_date, item_id, description, quantity,
  cents, first_of_item)
SELECT i.id, l.n::int, i.organization_id, i.issue_date, it.id::text, btrim(coalesce(l.v->>'description', '')),
  CASE WHEN i.document_type = 'TD04' THEN -1 ELSE 1 END * invoice_line_quantity(l.v),
  CASE WHEN i.document_type = 'TD04' THEN -1 ELSE 1 END * invoice_line_cents(l.v),
  row_number() OVER (PARTITION BY i.id, it.id ORDER BY l.n) = 1
FROM invoices i CROSS JOIN LATERAL jsonb_array_elements(i.snapshot->'totals'->'lines') WITH ORDINALITY AS l(v, n)
LEFT JOIN inventory_items it ON it.organization_id = i.organization_id
  AND it.id = CASE WHEN l.v->>'itemId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    THEN (l.v->>'itemId')::uuid END
WHERE i.phase = 'issued' AND jsonb_typeof(i.snapshot->'totals'->'lines') = 'array';--> statement-breakpoint
INSERT INTO invoice_sales_months (organization_id, month, item_key, cents, quantity, documents)
SELECT organization_id, date_trunc('month', issue_date)::date, coalesce(item_id, ''), sum(cents), sum(quantity),
  count(*) FILTER (WHERE first_of_item)
FROM invoice_sales_lines GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE TRIGGER invoice_sales_months_apply AFTER INSERT OR DELETE ON invoice_sales_lines
  FOR EACH ROW EXECUTE FUNCTION invoice_sales_months_apply();--> statement-breakpoint
CREATE TRIGGER invoice_sales_lines_forget_item AFTER DELETE ON inventory_items
  FOR EACH ROW EXECUTE FUNCTION invoice_sales_lines_forget_item();
