CREATE TABLE "scheduled_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"filter" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search" jsonb,
	"columns" jsonb,
	"every" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"company_id" integer,
	"created_by" integer NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_result" text,
	"last_rows" integer,
	"last_message" text,
	"stopped_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_exports_every_ck" CHECK ("scheduled_exports"."every" in ('DAY', 'WEEK')),
	CONSTRAINT "scheduled_exports_state_ck" CHECK ("scheduled_exports"."state" in ('ACTIVE', 'STOPPED', 'FAILED')),
	CONSTRAINT "scheduled_exports_last_result_ck" CHECK ("scheduled_exports"."last_result" is null or "scheduled_exports"."last_result" in ('SENT', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachment" text;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD CONSTRAINT "scheduled_exports_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD CONSTRAINT "scheduled_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD CONSTRAINT "scheduled_exports_stopped_by_users_id_fk" FOREIGN KEY ("stopped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_exports_due_idx" ON "scheduled_exports" USING btree ("next_run_at") WHERE "scheduled_exports"."state" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "scheduled_exports_company_idx" ON "scheduled_exports" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "scheduled_exports_created_by_idx" ON "scheduled_exports" USING btree ("created_by");