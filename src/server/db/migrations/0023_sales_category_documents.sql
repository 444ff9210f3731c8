ALTER TABLE "invoice_sales_lines" ADD COLUMN "first_of_category" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_sales_months" ADD COLUMN "category_documents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A document's lines written again from its snapshot, as in migration 0016, now also flagging its first line of each
-- category of inventory items (the item's category trimmed, none for an item without one): documents per category
-- are then a count of flags instead of a count of distinct documents over every line.
CREATE OR REPLACE FUNCTION invoice_sales_lines_write(doc invoices) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_sales_lines WHERE invoice_id = doc.id;
  IF doc.phase = 'issued' AND jsonb_typeof(doc.snapshot->'totals'->'lines') = 'array' THEN
    INSERT INTO invoice_sales_lines (invoice_id, line_number, organization_id, issue_date, item_id, description,
      quantity, cents, first_of_item, first_of_category)
    SELECT doc.id, l.n::int, doc.organization_id, doc.issue_date, it.id::text,
      btrim(coalesce(l.v->>'description', '')),
      CASE WHEN doc.document_type = 'TD04' THEN -1 ELSE 1 END * invoice_line_quantity(l.v),
      CASE WHEN doc.document_type = 'TD04' THEN -1 ELSE 1 END * invoice_line_cents(l.v),
      row_number() OVER (PARTITION BY it.id ORDER BY l.n) = 1,
      it.id IS NOT NULL
        AND row_number() OVER (PARTITION BY it.id IS NULL, nullif(btrim(it.category), '') ORDER BY l.n) = 1
    FROM jsonb_array_elements(doc.snapshot->'totals'->'lines') WITH ORDINALITY AS l(v, n)
    LEFT JOIN inventory_items it ON it.organization_id = doc.organization_id
      AND it.id = CASE WHEN l.v->>'itemId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        THEN (l.v->>'itemId')::uuid END;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_sales_months_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE invoice_sales_months SET cents = cents - OLD.cents, quantity = quantity - OLD.quantity,
      documents = documents - OLD.first_of_item::int,
      category_documents = category_documents - OLD.first_of_category::int
    WHERE organization_id = OLD.organization_id AND month = date_trunc('month', OLD.issue_date)::date
      AND item_key = coalesce(OLD.item_id, '');
    RETURN NULL;
  END IF;
  INSERT INTO invoice_sales_months AS m (organization_id, month, item_key, cents, quantity, documents,
    category_documents)
  VALUES (NEW.organization_id, date_trunc('month', NEW.issue_date)::date, coalesce(NEW.item_id, ''), NEW.cents,
    NEW.quantity, NEW.first_of_item::int, NEW.first_of_category::int)
  ON CONFLICT (organization_id, month, item_key) DO UPDATE SET cents = m.cents + excluded.cents,
    quantity = m.quantity + excluded.quantity, documents = m.documents + excluded.documents,
    category_documents = m.category_documents + excluded.category_documents;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An item moved to another category: the documents selling it get their lines (and flags) written again.
CREATE FUNCTION invoice_sales_lines_recategorise() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_sales_lines_write(doc) FROM invoices doc
  WHERE doc.id IN (SELECT invoice_id FROM invoice_sales_lines
    WHERE organization_id = NEW.organization_id AND item_id = NEW.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER invoice_sales_lines_recategorise AFTER UPDATE OF category ON inventory_items
  FOR EACH ROW WHEN (nullif(btrim(OLD.category), '') IS DISTINCT FROM nullif(btrim(NEW.category), ''))
  EXECUTE FUNCTION invoice_sales_lines_recategorise();--> statement-breakpoint
-- The flags of the lines already written, and their sums by month and item.
UPDATE invoice_sales_lines s SET first_of_category = true
FROM (
  SELECT l.invoice_id, l.line_number,
    row_number() OVER (PARTITION BY l.invoice_id, nullif(btrim(it.category), '') ORDER BY l.line_number) AS n
  FROM invoice_sales_lines l
  JOIN inventory_items it ON it.organization_id = l.organization_id AND it.id::text = l.item_id
) f
WHERE f.n = 1 AND s.invoice_id = f.invoice_id AND s.line_number = f.line_number;--> statement-breakpoint
UPDATE invoice_sales_months m SET category_documents = c.n
FROM (
  SELECT organization_id, date_trunc('month', issue_date)::date AS month, coalesce(item_id, '') AS item_key,
    count(*) FILTER (WHERE first_of_category)::int AS n
  FROM invoice_sales_lines GROUP BY 1, 2, 3
) c
WHERE m.organization_id = c.organization_id AND m.month = c.month AND m.item_key = c.item_key AND c.n > 0;
