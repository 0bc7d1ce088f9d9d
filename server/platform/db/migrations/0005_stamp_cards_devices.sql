CREATE TABLE "member_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"brand_id" integer,
	"stamp_card_id" integer NOT NULL,
	"member_mobile" text NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"store_id" integer,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"reward_voucher_id" integer,
	"completed_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_cards_member_mobile_max_ck" CHECK (char_length("member_cards"."member_mobile") <= 20),
	CONSTRAINT "member_cards_stamps_min_ck" CHECK ("member_cards"."stamps" >= 0),
	CONSTRAINT "member_cards_stamps_max_ck" CHECK ("member_cards"."stamps" <= 50),
	CONSTRAINT "member_cards_state_in_ck" CHECK ("member_cards"."state" between 0 and 2),
	CONSTRAINT "member_cards_price_min_ck" CHECK ("member_cards"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "device_secrets" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pin_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_pins" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"set_by" integer,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stamp_card" DROP CONSTRAINT "stamp_card_state_in_ck";--> statement-breakpoint
ALTER TABLE "login_sessions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stamp_card" ALTER COLUMN "state" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stamp_card" ALTER COLUMN "state" SET DATA TYPE text USING (CASE "state" WHEN 2 THEN 'DISABLED' ELSE 'ACTIVE' END);--> statement-breakpoint
ALTER TABLE "stamp_card" ALTER COLUMN "state" SET DEFAULT 'ACTIVE';--> statement-breakpoint
ALTER TABLE "stamps_transaction" ALTER COLUMN "amount" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "login_sessions" ADD COLUMN "terminal_id" integer;--> statement-breakpoint
ALTER TABLE "stamp_card" ADD COLUMN "max_stamps_per_transaction" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stamp_card" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "stamp_card" ADD COLUMN "issued_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stamping_history" ADD COLUMN "member_card_id" integer;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD COLUMN "member_card_id" integer;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD COLUMN "stamps_after" integer;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD COLUMN "member_card_state" smallint;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD COLUMN "reward_voucher_id" integer;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD COLUMN "failure_code" integer;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_stamp_card_id_fk" FOREIGN KEY ("stamp_card_id") REFERENCES "public"."stamp_card"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_reward_voucher_id_fk" FOREIGN KEY ("reward_voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_secrets" ADD CONSTRAINT "device_secrets_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_failures" ADD CONSTRAINT "pin_failures_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_pins" ADD CONSTRAINT "store_pins_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_pins" ADD CONSTRAINT "store_pins_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_cards_company_id_idx" ON "member_cards" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "member_cards_brand_id_idx" ON "member_cards" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "member_cards_create_time_idx" ON "member_cards" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "member_cards_stamp_card_id_idx" ON "member_cards" USING btree ("stamp_card_id");--> statement-breakpoint
CREATE INDEX "member_cards_member_mobile_idx" ON "member_cards" USING btree ("member_mobile");--> statement-breakpoint
CREATE INDEX "member_cards_stamps_idx" ON "member_cards" USING btree ("stamps");--> statement-breakpoint
CREATE INDEX "member_cards_state_idx" ON "member_cards" USING btree ("state");--> statement-breakpoint
CREATE INDEX "member_cards_store_id_idx" ON "member_cards" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "member_cards_reward_voucher_id_idx" ON "member_cards" USING btree ("reward_voucher_id");--> statement-breakpoint
CREATE INDEX "member_cards_completed_at_idx" ON "member_cards" USING btree ("completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_one_available" ON "member_cards" USING btree ("stamp_card_id","member_mobile") WHERE "member_cards"."state" in (0);--> statement-breakpoint
CREATE INDEX "pin_failures_store_at_idx" ON "pin_failures" USING btree ("store_id","at");--> statement-breakpoint
ALTER TABLE "login_sessions" ADD CONSTRAINT "login_sessions_terminal_id_devices_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamping_history" ADD CONSTRAINT "stamping_history_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_reward_voucher_id_fk" FOREIGN KEY ("reward_voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_sessions_terminal_idx" ON "login_sessions" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "stamp_card_quantity_idx" ON "stamp_card" USING btree ("quantity");--> statement-breakpoint
CREATE INDEX "stamp_card_issued_count_idx" ON "stamp_card" USING btree ("issued_count");--> statement-breakpoint
CREATE INDEX "stamping_history_member_card_id_idx" ON "stamping_history" USING btree ("member_card_id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_member_card_id_idx" ON "stamps_transaction" USING btree ("member_card_id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_reward_voucher_id_idx" ON "stamps_transaction" USING btree ("reward_voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stamps_transaction_receipt_per_store" ON "stamps_transaction" USING btree ("store_id","receipt_no") WHERE "stamps_transaction"."result" in ('SUCCESS', 'VOIDED');--> statement-breakpoint
ALTER TABLE "login_sessions" ADD CONSTRAINT "login_sessions_one_subject" CHECK (num_nonnulls("login_sessions"."user_id", "login_sessions"."terminal_id") = 1);--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_max_stamps_per_transaction_min_ck" CHECK ("stamp_card"."max_stamps_per_transaction" >= 1);--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_max_stamps_per_transaction_max_ck" CHECK ("stamp_card"."max_stamps_per_transaction" <= 50);--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_quantity_min_ck" CHECK ("stamp_card"."quantity" >= 1);--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_quantity_max_ck" CHECK ("stamp_card"."quantity" <= 10000000);--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_issued_count_min_ck" CHECK ("stamp_card"."issued_count" >= 0);--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_state_in_ck" CHECK ("stamp_card"."state" in ('ACTIVE', 'DISABLED', 'DELETE'));--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_stamps_after_min_ck" CHECK ("stamps_transaction"."stamps_after" >= 0);--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_stamps_after_max_ck" CHECK ("stamps_transaction"."stamps_after" <= 100);--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_member_card_state_in_ck" CHECK ("stamps_transaction"."member_card_state" between 0 and 2);--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_failure_reason_max_ck" CHECK (char_length("stamps_transaction"."failure_reason") <= 500);