ALTER TABLE "campaign_rewards" DROP CONSTRAINT "campaign_rewards_state_in_ck";--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "segment_id" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "period_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_segment_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_rewards_period_idx" ON "campaign_rewards" USING btree ("period");--> statement-breakpoint
CREATE INDEX "campaign_rewards_period_at_list_idx" ON "campaign_rewards" USING btree ("period","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_rewards_once_per_period" ON "campaign_rewards" USING btree ("campaign_id","member_mobile","period");--> statement-breakpoint
CREATE INDEX "campaigns_segment_id_idx" ON "campaigns" USING btree ("segment_id");--> statement-breakpoint
CREATE INDEX "campaigns_segment_id_create_time_list_idx" ON "campaigns" USING btree ("segment_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_period_max_ck" CHECK (char_length("campaign_rewards"."period") <= 40);--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_reason_max_ck" CHECK (char_length("campaign_rewards"."reason") <= 500);--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_state_in_ck" CHECK ("campaign_rewards"."state" in ('GIVEN', 'VOIDED', 'HELD_OUT', 'FAILED'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_period_days_min_ck" CHECK ("campaigns"."period_days" >= 1);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_period_days_max_ck" CHECK ("campaigns"."period_days" <= 366);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_message_max_ck" CHECK (char_length("campaigns"."message") <= 240);