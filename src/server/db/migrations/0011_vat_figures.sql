-- The sums of a document's VAT summary (snapshot->totals->vatSummary), for the generated columns below: the VAT
-- reports add these columns instead of parsing each document's JSON. `kind`: all rows, 'due' (VAT the seller
-- owes: not split payment), 'split' (split payment), 'reverse' (Natura N6.x). A draft has no snapshot: 0.
CREATE FUNCTION invoice_vat_sum(snapshot jsonb, field text, kind text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(sum((r->>field)::bigint), 0)::bigint
  FROM jsonb_array_elements(
    CASE WHEN jsonb_typeof(snapshot->'totals'->'vatSummary') = 'array'
      THEN snapshot->'totals'->'vatSummary' ELSE '[]'::jsonb END) AS r
  WHERE CASE kind
    WHEN 'due' THEN coalesce(r->>'vatCollectability', 'I') <> 'S'
    WHEN 'split' THEN r->>'vatCollectability' = 'S'
    WHEN 'reverse' THEN coalesce(r->>'nature', '') LIKE 'N6%'
    ELSE true END
$$;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_taxable_cents" bigint GENERATED ALWAYS AS (invoice_vat_sum(snapshot, 'taxableCents', 'all')) STORED;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_due_cents" bigint GENERATED ALWAYS AS (invoice_vat_sum(snapshot, 'vatCents', 'due')) STORED;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_split_cents" bigint GENERATED ALWAYS AS (invoice_vat_sum(snapshot, 'vatCents', 'split')) STORED;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_reverse_taxable_cents" bigint GENERATED ALWAYS AS (invoice_vat_sum(snapshot, 'taxableCents', 'reverse')) STORED;--> statement-breakpoint
CREATE INDEX "invoices_issued_figures_idx" ON "invoices" USING btree ("organization_id","issue_date","document_type","total_cents","vat_taxable_cents","vat_due_cents","vat_split_cents","vat_reverse_taxable_cents") WHERE "invoices"."phase" = 'issued';--> statement-breakpoint
CREATE INDEX "invoices_open_receivables_idx" ON "invoices" USING btree ("organization_id","due_date","client_id","amount_due_cents","paid_cents","credited_cents") WHERE "invoices"."phase" = 'issued' and "invoices"."document_type" = 'TD01';--> statement-breakpoint
CREATE INDEX "transactions_org_figures_idx" ON "transactions" USING btree ("organization_id","occurred_on","direction","category_id","amount_cents");
