CREATE TABLE "member_level_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"member_mobile" varchar(20) NOT NULL,
	"state" text NOT NULL,
	"voucher_id" integer,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_standing" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"member_mobile" varchar(20) NOT NULL,
	"level_id" integer,
	"level_since" timestamp with time zone,
	"measure_value" integer DEFAULT 0 NOT NULL,
	"stamps_in_window" integer DEFAULT 0 NOT NULL,
	"visits_in_window" integer DEFAULT 0 NOT NULL,
	"completed_cards_in_window" integer DEFAULT 0 NOT NULL,
	"first_visit_at" timestamp with time zone,
	"last_visit_at" timestamp with time zone,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_level_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"member_mobile" text NOT NULL,
	"from_level_id" integer,
	"to_level_id" integer,
	"reason" text NOT NULL,
	"measure_value" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_level_history_member_mobile_max_ck" CHECK (char_length("member_level_history"."member_mobile") <= 20),
	CONSTRAINT "member_level_history_reason_in_ck" CHECK ("member_level_history"."reason" in ('STAMPING', 'VOID', 'REDEMPTION', 'NIGHTLY', 'RULES_CHANGED')),
	CONSTRAINT "member_level_history_measure_value_min_ck" CHECK ("member_level_history"."measure_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_level_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"measure" text DEFAULT 'STAMPS' NOT NULL,
	"window_days" integer DEFAULT 90 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_level_rules_measure_in_ck" CHECK ("member_level_rules"."measure" in ('STAMPS', 'VISITS', 'COMPLETED_CARDS')),
	CONSTRAINT "member_level_rules_window_days_min_ck" CHECK ("member_level_rules"."window_days" >= 1),
	CONSTRAINT "member_level_rules_window_days_max_ck" CHECK ("member_level_rules"."window_days" <= 730)
);
--> statement-breakpoint
CREATE TABLE "member_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"rank" integer NOT NULL,
	"threshold" integer NOT NULL,
	"reward_voucher_pack_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_levels_name_max_ck" CHECK (char_length("member_levels"."name") <= 60),
	CONSTRAINT "member_levels_rank_min_ck" CHECK ("member_levels"."rank" >= 1),
	CONSTRAINT "member_levels_rank_max_ck" CHECK ("member_levels"."rank" <= 20),
	CONSTRAINT "member_levels_threshold_min_ck" CHECK ("member_levels"."threshold" >= 0),
	CONSTRAINT "member_levels_threshold_max_ck" CHECK ("member_levels"."threshold" <= 100000)
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"filter" jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segments_name_max_ck" CHECK (char_length("segments"."name") <= 80),
	CONSTRAINT "segments_description_max_ck" CHECK (char_length("segments"."description") <= 500)
);
--> statement-breakpoint
ALTER TABLE "member_level_rewards" ADD CONSTRAINT "member_level_rewards_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_rewards" ADD CONSTRAINT "member_level_rewards_level_id_member_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."member_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_rewards" ADD CONSTRAINT "member_level_rewards_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_standing" ADD CONSTRAINT "member_standing_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_standing" ADD CONSTRAINT "member_standing_level_id_member_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."member_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_history" ADD CONSTRAINT "member_level_history_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_history" ADD CONSTRAINT "member_level_history_from_level_id_fk" FOREIGN KEY ("from_level_id") REFERENCES "public"."member_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_history" ADD CONSTRAINT "member_level_history_to_level_id_fk" FOREIGN KEY ("to_level_id") REFERENCES "public"."member_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_rules" ADD CONSTRAINT "member_level_rules_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_levels" ADD CONSTRAINT "member_levels_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_levels" ADD CONSTRAINT "member_levels_reward_voucher_pack_id_fk" FOREIGN KEY ("reward_voucher_pack_id") REFERENCES "public"."voucher_packs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_level_rewards_once" ON "member_level_rewards" USING btree ("company_id","level_id","member_mobile");--> statement-breakpoint
CREATE INDEX "member_level_rewards_member_idx" ON "member_level_rewards" USING btree ("member_mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "member_standing_company_member" ON "member_standing" USING btree ("company_id","member_mobile");--> statement-breakpoint
CREATE INDEX "member_standing_member_idx" ON "member_standing" USING btree ("member_mobile");--> statement-breakpoint
CREATE INDEX "member_standing_company_level_idx" ON "member_standing" USING btree ("company_id","level_id");--> statement-breakpoint
CREATE INDEX "member_standing_company_last_visit_idx" ON "member_standing" USING btree ("company_id","last_visit_at");--> statement-breakpoint
CREATE INDEX "member_standing_company_stamps_idx" ON "member_standing" USING btree ("company_id","stamps_in_window");--> statement-breakpoint
CREATE INDEX "member_standing_company_visits_idx" ON "member_standing" USING btree ("company_id","visits_in_window");--> statement-breakpoint
CREATE INDEX "member_level_history_create_time_idx" ON "member_level_history" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "member_level_history_company_id_at_list_idx" ON "member_level_history" USING btree ("company_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_level_history_at_list_idx" ON "member_level_history" USING btree ("at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_level_history_member_mobile_idx" ON "member_level_history" USING btree ("member_mobile");--> statement-breakpoint
CREATE INDEX "member_level_history_member_mobile_at_list_idx" ON "member_level_history" USING btree ("member_mobile","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_level_history_from_level_id_idx" ON "member_level_history" USING btree ("from_level_id");--> statement-breakpoint
CREATE INDEX "member_level_history_from_level_id_at_list_idx" ON "member_level_history" USING btree ("from_level_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_level_history_to_level_id_idx" ON "member_level_history" USING btree ("to_level_id");--> statement-breakpoint
CREATE INDEX "member_level_history_to_level_id_at_list_idx" ON "member_level_history" USING btree ("to_level_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_level_history_reason_idx" ON "member_level_history" USING btree ("reason");--> statement-breakpoint
CREATE INDEX "member_level_history_reason_at_list_idx" ON "member_level_history" USING btree ("reason","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_level_history_at_idx" ON "member_level_history" USING btree ("at");--> statement-breakpoint
CREATE INDEX "member_level_rules_create_time_idx" ON "member_level_rules" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "member_level_rules_company_id_create_time_list_idx" ON "member_level_rules" USING btree ("company_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_level_rules_create_time_list_idx" ON "member_level_rules" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_level_rules_measure_idx" ON "member_level_rules" USING btree ("measure");--> statement-breakpoint
CREATE INDEX "member_level_rules_measure_create_time_list_idx" ON "member_level_rules" USING btree ("measure","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_level_rules_window_days_idx" ON "member_level_rules" USING btree ("window_days");--> statement-breakpoint
CREATE UNIQUE INDEX "member_level_rules_one_per_company" ON "member_level_rules" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "member_levels_create_time_idx" ON "member_levels" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "member_levels_company_id_rank_list_idx" ON "member_levels" USING btree ("company_id","rank","id");--> statement-breakpoint
CREATE INDEX "member_levels_rank_list_idx" ON "member_levels" USING btree ("rank","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_name_uq" ON "member_levels" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "member_levels_name_trgm_idx" ON "member_levels" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_rank_uq" ON "member_levels" USING btree ("company_id","rank");--> statement-breakpoint
CREATE INDEX "member_levels_threshold_idx" ON "member_levels" USING btree ("threshold");--> statement-breakpoint
CREATE INDEX "member_levels_reward_voucher_pack_id_idx" ON "member_levels" USING btree ("reward_voucher_pack_id");--> statement-breakpoint
CREATE INDEX "member_levels_reward_voucher_pack_id_rank_list_idx" ON "member_levels" USING btree ("reward_voucher_pack_id","rank","id");--> statement-breakpoint
CREATE INDEX "segments_create_time_idx" ON "segments" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "segments_company_id_name_list_idx" ON "segments" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "segments_name_list_idx" ON "segments" USING btree ("name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_name_uq" ON "segments" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "segments_name_trgm_idx" ON "segments" USING gin ("name" gin_trgm_ops);