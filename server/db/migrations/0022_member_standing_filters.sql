ALTER TABLE "member_standing" ADD COLUMN "available_vouchers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_standing" ADD COLUMN "brand_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "member_standing" ADD COLUMN "store_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "member_standing_company_measure_idx" ON "member_standing" USING btree ("company_id","measure_value" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_standing_company_available_idx" ON "member_standing" USING btree ("company_id","available_vouchers");--> statement-breakpoint
CREATE INDEX "member_standing_brands_idx" ON "member_standing" USING gin ("brand_ids");--> statement-breakpoint
CREATE INDEX "member_standing_stores_idx" ON "member_standing" USING gin ("store_ids");