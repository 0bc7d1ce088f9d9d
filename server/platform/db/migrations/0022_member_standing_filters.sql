DROP INDEX "member_standing_company_level_idx";--> statement-breakpoint
DROP INDEX "member_standing_company_last_visit_idx";--> statement-breakpoint
DROP INDEX "member_standing_company_stamps_idx";--> statement-breakpoint
DROP INDEX "member_standing_company_visits_idx";--> statement-breakpoint
ALTER TABLE "member_standing" ADD COLUMN "member_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "member_standing" ADD COLUMN "available_vouchers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_standing" ADD COLUMN "brand_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "member_standing" ADD COLUMN "store_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "member_standing" ADD CONSTRAINT "member_standing_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_standing_company_first_visit_idx" ON "member_standing" USING btree ("company_id","first_visit_at","member_id");--> statement-breakpoint
CREATE INDEX "member_standing_company_measure_idx" ON "member_standing" USING btree ("company_id","measure_value" DESC NULLS FIRST,"member_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "member_standing_company_available_idx" ON "member_standing" USING btree ("company_id","available_vouchers");--> statement-breakpoint
CREATE INDEX "member_standing_brands_idx" ON "member_standing" USING gin ("brand_ids");--> statement-breakpoint
CREATE INDEX "member_standing_stores_idx" ON "member_standing" USING gin ("store_ids");--> statement-breakpoint
CREATE INDEX "member_standing_company_level_idx" ON "member_standing" USING btree ("company_id","level_id","measure_value" DESC NULLS FIRST,"member_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "member_standing_company_last_visit_idx" ON "member_standing" USING btree ("company_id","last_visit_at","member_id");--> statement-breakpoint
CREATE INDEX "member_standing_company_stamps_idx" ON "member_standing" USING btree ("company_id","stamps_in_window","member_id");--> statement-breakpoint
CREATE INDEX "member_standing_company_visits_idx" ON "member_standing" USING btree ("company_id","visits_in_window","member_id");