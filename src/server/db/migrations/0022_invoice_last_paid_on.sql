ALTER TABLE "invoices" ADD COLUMN "last_paid_on" date;--> statement-breakpoint
-- invoices.last_paid_on is the latest paid_on of the invoice's payments (null without any), kept by this trigger
-- only, whatever writes the payments: the reports read one indexed date instead of grouping every payment.
CREATE FUNCTION invoice_last_paid_on_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE invoices SET last_paid_on = (SELECT max(p.paid_on) FROM invoice_payments p
      WHERE p.organization_id = OLD.organization_id AND p.invoice_id = OLD.invoice_id)
    WHERE id = OLD.invoice_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE invoices SET last_paid_on = (SELECT max(p.paid_on) FROM invoice_payments p
      WHERE p.organization_id = NEW.organization_id AND p.invoice_id = NEW.invoice_id)
    WHERE id = NEW.invoice_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER invoice_last_paid_on_sync AFTER INSERT OR DELETE OR UPDATE OF invoice_id, paid_on, organization_id
  ON invoice_payments FOR EACH ROW EXECUTE FUNCTION invoice_last_paid_on_sync();--> statement-breakpoint
UPDATE invoices i SET last_paid_on = p.last_paid_on
FROM (SELECT invoice_id, max(paid_on) AS last_paid_on FROM invoice_payments GROUP BY invoice_id) p
WHERE p.invoice_id = i.id;--> statement-breakpoint
CREATE INDEX "invoices_last_paid_on_idx" ON "invoices" USING btree ("organization_id","last_paid_on","client_id","issue_date","due_date","amount_due_cents","paid_cents","credited_cents") WHERE "invoices"."phase" = 'issued' and "invoices"."document_type" = 'TD01' and "invoices"."last_paid_on" is not null;
