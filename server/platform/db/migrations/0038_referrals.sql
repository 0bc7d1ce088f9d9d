CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer,
	"referrer_mobile" text NOT NULL,
	"member_mobile" text NOT NULL,
	"referrer_card_id" integer,
	"member_card_id" integer,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"qualified_at" timestamp with time zone,
	"at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_referrer_mobile_max_ck" CHECK (char_length("referrals"."referrer_mobile") <= 20),
	CONSTRAINT "referrals_member_mobile_max_ck" CHECK (char_length("referrals"."member_mobile") <= 20),
	CONSTRAINT "referrals_state_in_ck" CHECK ("referrals"."state" in ('PENDING', 'QUALIFIED'))
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_card_id_fk" FOREIGN KEY ("referrer_card_id") REFERENCES "public"."member_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_create_time_idx" ON "referrals" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "referrals_company_id_at_list_idx" ON "referrals" USING btree ("company_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "referrals_at_list_idx" ON "referrals" USING btree ("at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "referrals_campaign_id_idx" ON "referrals" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "referrals_campaign_id_at_list_idx" ON "referrals" USING btree ("campaign_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_mobile_idx" ON "referrals" USING btree ("referrer_mobile");--> statement-breakpoint
CREATE INDEX "referrals_referrer_mobile_at_list_idx" ON "referrals" USING btree ("referrer_mobile","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_mobile_trgm_idx" ON "referrals" USING gin ("referrer_mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referrals_member_mobile_idx" ON "referrals" USING btree ("member_mobile");--> statement-breakpoint
CREATE INDEX "referrals_member_mobile_at_list_idx" ON "referrals" USING btree ("member_mobile","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "referrals_member_mobile_trgm_idx" ON "referrals" USING gin ("member_mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referrals_referrer_card_id_idx" ON "referrals" USING btree ("referrer_card_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_card_id_at_list_idx" ON "referrals" USING btree ("referrer_card_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "referrals_member_card_id_idx" ON "referrals" USING btree ("member_card_id");--> statement-breakpoint
CREATE INDEX "referrals_member_card_id_at_list_idx" ON "referrals" USING btree ("member_card_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "referrals_state_idx" ON "referrals" USING btree ("state");--> statement-breakpoint
CREATE INDEX "referrals_state_at_list_idx" ON "referrals" USING btree ("state","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "referrals_at_idx" ON "referrals" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_once_per_member" ON "referrals" USING btree ("company_id","member_mobile");