ALTER TABLE "mail_accounts" ADD COLUMN "daily_send_limit" integer;--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD COLUMN "monthly_send_limit" integer;--> statement-breakpoint
CREATE INDEX "mail_outbox_account_sent_idx" ON "mail_outbox" USING btree ("account_id","sent_at") WHERE "mail_outbox"."account_id" is not null and "mail_outbox"."sent_at" is not null;