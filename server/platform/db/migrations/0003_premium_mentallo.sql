CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"action" text,
	"resource" text,
	"record_id" text,
	"company_id" integer,
	"before" jsonb,
	"after" jsonb,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_actor_email_max_ck" CHECK (char_length("audit_log"."actor_email") <= 254),
	CONSTRAINT "audit_log_action_max_ck" CHECK (char_length("audit_log"."action") <= 64),
	CONSTRAINT "audit_log_resource_max_ck" CHECK (char_length("audit_log"."resource") <= 64),
	CONSTRAINT "audit_log_record_id_max_ck" CHECK (char_length("audit_log"."record_id") <= 64)
);
--> statement-breakpoint
ALTER TABLE "company" ALTER COLUMN "state" SET DEFAULT 'ACTIVE';--> statement-breakpoint
ALTER TABLE "merchant_signup" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "merchant_signup" ADD COLUMN "store_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_create_time_idx" ON "audit_log" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_idx" ON "audit_log" USING btree ("actor_email");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "audit_log_resource_idx" ON "audit_log" USING btree ("resource");--> statement-breakpoint
CREATE INDEX "audit_log_record_id_idx" ON "audit_log" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "audit_log_company_id_idx" ON "audit_log" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "merchant_signup" ADD CONSTRAINT "merchant_signup_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_signup" ADD CONSTRAINT "merchant_signup_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_signup_brand_id_idx" ON "merchant_signup" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "merchant_signup_store_id_idx" ON "merchant_signup" USING btree ("store_id");