CREATE TABLE "signals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"summary" text,
	"store_id" integer,
	"device_id" integer,
	"staff_id" integer,
	"member_mobile" text,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"figures" jsonb,
	"transaction_ids" jsonb,
	"subject_key" text,
	"note" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signals_kind_in_ck" CHECK ("signals"."kind" in ('STORE_RATE_SPIKE', 'MEMBER_TWO_STORES', 'VOID_CLUSTER', 'OUTSIDE_HOURS')),
	CONSTRAINT "signals_state_in_ck" CHECK ("signals"."state" in ('OPEN', 'RESOLVED')),
	CONSTRAINT "signals_summary_max_ck" CHECK (char_length("signals"."summary") <= 500),
	CONSTRAINT "signals_member_mobile_max_ck" CHECK (char_length("signals"."member_mobile") <= 20),
	CONSTRAINT "signals_subject_key_max_ck" CHECK (char_length("signals"."subject_key") <= 200),
	CONSTRAINT "signals_note_max_ck" CHECK (char_length("signals"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD COLUMN "void_device_id" integer;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_resolved_by_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signals_create_time_idx" ON "signals" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "signals_company_id_create_time_list_idx" ON "signals" USING btree ("company_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "signals_create_time_list_idx" ON "signals" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "signals_kind_idx" ON "signals" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "signals_kind_create_time_list_idx" ON "signals" USING btree ("kind","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "signals_state_idx" ON "signals" USING btree ("state");--> statement-breakpoint
CREATE INDEX "signals_state_create_time_list_idx" ON "signals" USING btree ("state","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "signals_summary_trgm_idx" ON "signals" USING gin ("summary" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signals_store_id_idx" ON "signals" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "signals_store_id_create_time_list_idx" ON "signals" USING btree ("store_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "signals_device_id_idx" ON "signals" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "signals_device_id_create_time_list_idx" ON "signals" USING btree ("device_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "signals_staff_id_idx" ON "signals" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "signals_staff_id_create_time_list_idx" ON "signals" USING btree ("staff_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "signals_member_mobile_idx" ON "signals" USING btree ("member_mobile");--> statement-breakpoint
CREATE INDEX "signals_member_mobile_create_time_list_idx" ON "signals" USING btree ("member_mobile","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "signals_window_start_idx" ON "signals" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "signals_resolved_by_idx" ON "signals" USING btree ("resolved_by");--> statement-breakpoint
CREATE INDEX "signals_resolved_at_idx" ON "signals" USING btree ("resolved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signals_subject_key" ON "signals" USING btree ("subject_key");--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_voided_by_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_void_device_id_fk" FOREIGN KEY ("void_device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stamps_transaction_staff_id_idx" ON "stamps_transaction" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_voided_at_idx" ON "stamps_transaction" USING btree ("voided_at");--> statement-breakpoint
CREATE INDEX "stamps_transaction_voided_by_idx" ON "stamps_transaction" USING btree ("voided_by");--> statement-breakpoint
CREATE INDEX "stamps_transaction_void_device_id_idx" ON "stamps_transaction" USING btree ("void_device_id");