CREATE TABLE "health_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subsystem" text NOT NULL,
	"status" text,
	"code" text NOT NULL,
	"level" text,
	"outcome" text,
	"proactive" boolean DEFAULT false NOT NULL,
	"subject_key" text DEFAULT 'system' NOT NULL,
	"organization_id" text,
	"user_id" text,
	"target" text,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "health_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"instance" text NOT NULL,
	"status" text NOT NULL,
	"score" double precision NOT NULL,
	"subsystems" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "health_events" ADD CONSTRAINT "health_events_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_events" ADD CONSTRAINT "health_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_events_started_idx" ON "health_events" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "health_events_attempts_idx" ON "health_events" USING btree ("code","subject_key","started_at") WHERE "health_events"."kind" = 'recovery';--> statement-breakpoint
CREATE INDEX "health_events_open_idx" ON "health_events" USING btree ("subsystem") WHERE "health_events"."kind" = 'incident' and "health_events"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "health_samples_slot_uq" ON "health_samples" USING btree ("slot");