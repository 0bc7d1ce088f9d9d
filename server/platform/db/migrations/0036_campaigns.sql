CREATE TABLE "campaign_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer,
	"kind" text NOT NULL,
	"member_mobile" text NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"transaction_id" integer,
	"voucher_id" integer,
	"amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'GIVEN' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_rewards_kind_in_ck" CHECK ("campaign_rewards"."kind" in ('MULTIPLIER', 'BONUS', 'WELCOME', 'WIN_BACK', 'BIRTHDAY', 'REFERRAL')),
	CONSTRAINT "campaign_rewards_member_mobile_max_ck" CHECK (char_length("campaign_rewards"."member_mobile") <= 20),
	CONSTRAINT "campaign_rewards_stamps_min_ck" CHECK ("campaign_rewards"."stamps" >= 0),
	CONSTRAINT "campaign_rewards_stamps_max_ck" CHECK ("campaign_rewards"."stamps" <= 100),
	CONSTRAINT "campaign_rewards_amount_min_ck" CHECK ("campaign_rewards"."amount" >= 0),
	CONSTRAINT "campaign_rewards_state_in_ck" CHECK ("campaign_rewards"."state" in ('GIVEN', 'VOIDED'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'DRAFT' NOT NULL,
	"description" text,
	"stamp_card_id" integer,
	"voucher_pack_id" integer,
	"multiplier" integer,
	"bonus_condition" text,
	"bonus_stamps" integer,
	"min_amount" numeric(14, 2),
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"days_of_week" jsonb,
	"hour_from" integer,
	"hour_to" integer,
	"store_ids" jsonb,
	"budget_rewards" integer,
	"budget_money" numeric(14, 2),
	"per_member_limit" integer,
	"holdout_percent" integer DEFAULT 0 NOT NULL,
	"rewards_given" integer DEFAULT 0 NOT NULL,
	"money_spent" numeric(14, 2) DEFAULT 0 NOT NULL,
	"end_reason" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_name_max_ck" CHECK (char_length("campaigns"."name") <= 80),
	CONSTRAINT "campaigns_kind_in_ck" CHECK ("campaigns"."kind" in ('MULTIPLIER', 'BONUS', 'WELCOME', 'WIN_BACK', 'BIRTHDAY', 'REFERRAL')),
	CONSTRAINT "campaigns_state_in_ck" CHECK ("campaigns"."state" in ('DRAFT', 'ACTIVE', 'PAUSED', 'ENDED')),
	CONSTRAINT "campaigns_description_max_ck" CHECK (char_length("campaigns"."description") <= 1000),
	CONSTRAINT "campaigns_multiplier_min_ck" CHECK ("campaigns"."multiplier" >= 2),
	CONSTRAINT "campaigns_multiplier_max_ck" CHECK ("campaigns"."multiplier" <= 10),
	CONSTRAINT "campaigns_bonus_condition_in_ck" CHECK ("campaigns"."bonus_condition" in ('FIRST_VISIT_OF_DAY', 'RECEIPT_OVER')),
	CONSTRAINT "campaigns_bonus_stamps_min_ck" CHECK ("campaigns"."bonus_stamps" >= 1),
	CONSTRAINT "campaigns_bonus_stamps_max_ck" CHECK ("campaigns"."bonus_stamps" <= 20),
	CONSTRAINT "campaigns_min_amount_min_ck" CHECK ("campaigns"."min_amount" >= 0),
	CONSTRAINT "campaigns_min_amount_max_ck" CHECK ("campaigns"."min_amount" <= 1000000),
	CONSTRAINT "campaigns_hour_from_min_ck" CHECK ("campaigns"."hour_from" >= 0),
	CONSTRAINT "campaigns_hour_from_max_ck" CHECK ("campaigns"."hour_from" <= 24),
	CONSTRAINT "campaigns_hour_to_min_ck" CHECK ("campaigns"."hour_to" >= 0),
	CONSTRAINT "campaigns_hour_to_max_ck" CHECK ("campaigns"."hour_to" <= 24),
	CONSTRAINT "campaigns_budget_rewards_min_ck" CHECK ("campaigns"."budget_rewards" >= 1),
	CONSTRAINT "campaigns_budget_rewards_max_ck" CHECK ("campaigns"."budget_rewards" <= 10000000),
	CONSTRAINT "campaigns_budget_money_min_ck" CHECK ("campaigns"."budget_money" >= 0),
	CONSTRAINT "campaigns_budget_money_max_ck" CHECK ("campaigns"."budget_money" <= 10000000),
	CONSTRAINT "campaigns_per_member_limit_min_ck" CHECK ("campaigns"."per_member_limit" >= 1),
	CONSTRAINT "campaigns_per_member_limit_max_ck" CHECK ("campaigns"."per_member_limit" <= 10000),
	CONSTRAINT "campaigns_holdout_percent_min_ck" CHECK ("campaigns"."holdout_percent" >= 0),
	CONSTRAINT "campaigns_holdout_percent_max_ck" CHECK ("campaigns"."holdout_percent" <= 50),
	CONSTRAINT "campaigns_rewards_given_min_ck" CHECK ("campaigns"."rewards_given" >= 0),
	CONSTRAINT "campaigns_money_spent_min_ck" CHECK ("campaigns"."money_spent" >= 0),
	CONSTRAINT "campaigns_end_reason_in_ck" CHECK ("campaigns"."end_reason" in ('ENDED_BY_USER', 'BUDGET_REACHED', 'WINDOW_CLOSED'))
);
--> statement-breakpoint
ALTER TABLE "stamping_history" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD COLUMN "campaign_stamps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."stamps_transaction"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_stamp_card_id_fk" FOREIGN KEY ("stamp_card_id") REFERENCES "public"."stamp_card"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_voucher_pack_id_fk" FOREIGN KEY ("voucher_pack_id") REFERENCES "public"."voucher_packs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_rewards_create_time_idx" ON "campaign_rewards" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "campaign_rewards_company_id_at_list_idx" ON "campaign_rewards" USING btree ("company_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_at_list_idx" ON "campaign_rewards" USING btree ("at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_campaign_id_idx" ON "campaign_rewards" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_campaign_id_at_list_idx" ON "campaign_rewards" USING btree ("campaign_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_kind_idx" ON "campaign_rewards" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "campaign_rewards_kind_at_list_idx" ON "campaign_rewards" USING btree ("kind","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_member_mobile_idx" ON "campaign_rewards" USING btree ("member_mobile");--> statement-breakpoint
CREATE INDEX "campaign_rewards_member_mobile_at_list_idx" ON "campaign_rewards" USING btree ("member_mobile","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_member_mobile_trgm_idx" ON "campaign_rewards" USING gin ("member_mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaign_rewards_stamps_idx" ON "campaign_rewards" USING btree ("stamps");--> statement-breakpoint
CREATE INDEX "campaign_rewards_transaction_id_idx" ON "campaign_rewards" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_transaction_id_at_list_idx" ON "campaign_rewards" USING btree ("transaction_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_voucher_id_idx" ON "campaign_rewards" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_voucher_id_at_list_idx" ON "campaign_rewards" USING btree ("voucher_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_state_idx" ON "campaign_rewards" USING btree ("state");--> statement-breakpoint
CREATE INDEX "campaign_rewards_state_at_list_idx" ON "campaign_rewards" USING btree ("state","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_at_idx" ON "campaign_rewards" USING btree ("at");--> statement-breakpoint
CREATE INDEX "campaigns_create_time_idx" ON "campaigns" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "campaigns_company_id_create_time_list_idx" ON "campaigns" USING btree ("company_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaigns_create_time_list_idx" ON "campaigns" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_name_uq" ON "campaigns" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "campaigns_name_trgm_idx" ON "campaigns" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_kind_idx" ON "campaigns" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "campaigns_kind_create_time_list_idx" ON "campaigns" USING btree ("kind","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaigns_state_idx" ON "campaigns" USING btree ("state");--> statement-breakpoint
CREATE INDEX "campaigns_state_create_time_list_idx" ON "campaigns" USING btree ("state","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaigns_stamp_card_id_idx" ON "campaigns" USING btree ("stamp_card_id");--> statement-breakpoint
CREATE INDEX "campaigns_stamp_card_id_create_time_list_idx" ON "campaigns" USING btree ("stamp_card_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaigns_voucher_pack_id_idx" ON "campaigns" USING btree ("voucher_pack_id");--> statement-breakpoint
CREATE INDEX "campaigns_voucher_pack_id_create_time_list_idx" ON "campaigns" USING btree ("voucher_pack_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaigns_start_at_idx" ON "campaigns" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "campaigns_end_at_idx" ON "campaigns" USING btree ("end_at");--> statement-breakpoint
CREATE INDEX "campaigns_rewards_given_idx" ON "campaigns" USING btree ("rewards_given");--> statement-breakpoint
CREATE INDEX "campaigns_money_spent_idx" ON "campaigns" USING btree ("money_spent");--> statement-breakpoint
ALTER TABLE "stamping_history" ADD CONSTRAINT "stamping_history_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stamping_history_campaign_id_idx" ON "stamping_history" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_campaign_id_idx" ON "stamps_transaction" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_campaign_stamps_min_ck" CHECK ("stamps_transaction"."campaign_stamps" >= 0);--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_campaign_stamps_max_ck" CHECK ("stamps_transaction"."campaign_stamps" <= 100);