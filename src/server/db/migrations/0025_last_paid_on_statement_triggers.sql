-- invoices.last_paid_on (migration 0022) kept once per statement instead of once per payment row: a statement
-- writing many payments (an import, the bench's data load) updates each of their invoices once, and only when its
-- last payment day changes. One trigger per event, each with the payments it wrote or removed.
DROP TRIGGER invoice_last_paid_on_sync ON invoice_payments;--> statement-breakpoint
DROP FUNCTION invoice_last_paid_on_sync();--> statement-breakpoint
CREATE FUNCTION invoice_last_paid_on_refresh(invoice_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE invoices i SET last_paid_on = l.last_paid_on
  FROM invoices v CROSS JOIN LATERAL (
    SELECT max(p.paid_on) AS last_paid_on FROM invoice_payments p
    WHERE p.organization_id = v.organization_id AND p.invoice_id = v.id
  ) l
  WHERE v.id = ANY (invoice_ids) AND i.id = v.id AND i.last_paid_on IS DISTINCT FROM l.last_paid_on
$$;--> statement-breakpoint
CREATE FUNCTION invoice_last_paid_on_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_last_paid_on_refresh(ARRAY(SELECT invoice_id FROM new_payments));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION invoice_last_paid_on_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_last_paid_on_refresh(ARRAY(SELECT invoice_id FROM old_payments));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION invoice_last_paid_on_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM invoice_last_paid_on_refresh(ARRAY(
    SELECT invoice_id FROM old_payments UNION SELECT invoice_id FROM new_payments));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER invoice_last_paid_on_inserted AFTER INSERT ON invoice_payments
  REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION invoice_last_paid_on_inserted();--> statement-breakpoint
CREATE TRIGGER invoice_last_paid_on_deleted AFTER DELETE ON invoice_payments
  REFERENCING OLD TABLE AS old_payments FOR EACH STATEMENT EXECUTE FUNCTION invoice_last_paid_on_deleted();--> statement-breakpoint
CREATE TRIGGER invoice_last_paid_on_updated AFTER UPDATE ON invoice_payments
  REFERENCING OLD TABLE AS old_payments NEW TABLE AS new_payments
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_last_paid_on_updated();
