CREATE TABLE "member_push_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_mobile" text NOT NULL,
	"token" text NOT NULL,
	"platform" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_push_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"push_id" integer NOT NULL,
	"member_mobile" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"provider" text NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"error" text,
	"at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_member_mobile_max_ck" CHECK (char_length("push_deliveries"."member_mobile") <= 20),
	CONSTRAINT "push_deliveries_title_max_ck" CHECK (char_length("push_deliveries"."title") <= 200),
	CONSTRAINT "push_deliveries_body_max_ck" CHECK (char_length("push_deliveries"."body") <= 1000),
	CONSTRAINT "push_deliveries_provider_max_ck" CHECK (char_length("push_deliveries"."provider") <= 16),
	CONSTRAINT "push_deliveries_tokens_min_ck" CHECK ("push_deliveries"."tokens" >= 0),
	CONSTRAINT "push_deliveries_state_in_ck" CHECK ("push_deliveries"."state" in ('SENT', 'FAILED', 'DROPPED')),
	CONSTRAINT "push_deliveries_error_max_ck" CHECK (char_length("push_deliveries"."error") <= 500)
);
--> statement-breakpoint
ALTER TABLE "push" DROP CONSTRAINT "push_audience_in_ck";--> statement-breakpoint
UPDATE "push" SET "audience" = 'ALL_MEMBERS' WHERE "audience" NOT IN ('ALL_MEMBERS', 'BRAND', 'STORE', 'MEMBER');--> statement-breakpoint
ALTER TABLE "push" ALTER COLUMN "template_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "push" ADD COLUMN "audience_brand_id" integer;--> statement-breakpoint
ALTER TABLE "push" ADD COLUMN "audience_store_id" integer;--> statement-breakpoint
ALTER TABLE "push" ADD COLUMN "audience_mobile" text;--> statement-breakpoint
ALTER TABLE "push" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push" ADD COLUMN "failed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_push_id_fk" FOREIGN KEY ("push_id") REFERENCES "public"."push"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_push_tokens_mobile_idx" ON "member_push_tokens" USING btree ("member_mobile");--> statement-breakpoint
CREATE INDEX "push_deliveries_company_id_idx" ON "push_deliveries" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_create_time_idx" ON "push_deliveries" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "push_deliveries_push_id_idx" ON "push_deliveries" USING btree ("push_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_member_mobile_idx" ON "push_deliveries" USING btree ("member_mobile");--> statement-breakpoint
CREATE INDEX "push_deliveries_provider_idx" ON "push_deliveries" USING btree ("provider");--> statement-breakpoint
CREATE INDEX "push_deliveries_state_idx" ON "push_deliveries" USING btree ("state");--> statement-breakpoint
CREATE INDEX "push_deliveries_at_idx" ON "push_deliveries" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_deliveries_one_per_member" ON "push_deliveries" USING btree ("push_id","member_mobile");--> statement-breakpoint
ALTER TABLE "push" ADD CONSTRAINT "push_audience_brand_id_fk" FOREIGN KEY ("audience_brand_id") REFERENCES "public"."brand"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push" ADD CONSTRAINT "push_audience_store_id_fk" FOREIGN KEY ("audience_store_id") REFERENCES "public"."store"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_audience_brand_id_idx" ON "push" USING btree ("audience_brand_id");--> statement-breakpoint
CREATE INDEX "push_audience_store_id_idx" ON "push" USING btree ("audience_store_id");--> statement-breakpoint
CREATE INDEX "push_audience_mobile_idx" ON "push" USING btree ("audience_mobile");--> statement-breakpoint
CREATE INDEX "push_failed_count_idx" ON "push" USING btree ("failed_count");--> statement-breakpoint
ALTER TABLE "push" ADD CONSTRAINT "push_audience_mobile_max_ck" CHECK (char_length("push"."audience_mobile") <= 20);--> statement-breakpoint
ALTER TABLE "push" ADD CONSTRAINT "push_failed_count_min_ck" CHECK ("push"."failed_count" >= 0);--> statement-breakpoint
ALTER TABLE "push" ADD CONSTRAINT "push_audience_in_ck" CHECK ("push"."audience" in ('ALL_MEMBERS', 'BRAND', 'STORE', 'MEMBER'));