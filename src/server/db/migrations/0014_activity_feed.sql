CREATE INDEX "events_org_created_idx" ON "events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_payments_org_created_idx" ON "invoice_payments" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_org_created_idx" ON "invoices" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_org_issued_at_idx" ON "invoices" USING btree ("organization_id","issued_at") WHERE "invoices"."issued_at" is not null;--> statement-breakpoint
CREATE INDEX "quotes_org_created_idx" ON "quotes" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_org_responded_idx" ON "quotes" USING btree ("organization_id","responded_at") WHERE "quotes"."responded_at" is not null;--> statement-breakpoint
CREATE INDEX "transactions_org_created_idx" ON "transactions" USING btree ("organization_id","created_at");