CREATE TABLE "company_settings" (
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"stripe_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"amount" numeric(14, 2),
	"currency" text,
	"payment_method" text,
	"state" text,
	"stripe_payment_intent_id" text,
	"failure_code" double precision,
	"failure_message" text,
	"created_by" double precision,
	"completed_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_min_ck" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_currency_max_ck" CHECK (char_length("payments"."currency") <= 3),
	CONSTRAINT "payments_currency_min_ck" CHECK (char_length("payments"."currency") >= 3),
	CONSTRAINT "payments_payment_method_in_ck" CHECK ("payments"."payment_method" in ('FREE', 'STRIPE')),
	CONSTRAINT "payments_state_in_ck" CHECK ("payments"."state" in ('PENDING', 'SUCCEEDED', 'FAILED')),
	CONSTRAINT "payments_stripe_payment_intent_id_max_ck" CHECK (char_length("payments"."stripe_payment_intent_id") <= 255),
	CONSTRAINT "payments_failure_message_max_ck" CHECK (char_length("payments"."failure_message") <= 500)
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"reference" text NOT NULL,
	"payment_id" integer,
	"member_card_id" integer,
	"voucher_pack_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_type_in_ck" CHECK ("wallet_transactions"."type" in ('STAMP_CARD_TXN', 'VOUCHER_TXN', 'TOP_UP_TXN')),
	CONSTRAINT "wallet_transactions_balance_after_min_ck" CHECK ("wallet_transactions"."balance_after" >= 0),
	CONSTRAINT "wallet_transactions_reference_max_ck" CHECK (char_length("wallet_transactions"."reference") <= 120)
);
--> statement-breakpoint
ALTER TABLE "account" DROP CONSTRAINT "account_payment_method_in_ck";--> statement-breakpoint
DROP INDEX "account_payment_method_idx";--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "country_config" ADD COLUMN "free_top_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_voucher_pack_id_fk" FOREIGN KEY ("voucher_pack_id") REFERENCES "public"."voucher_packs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_stripe_id_unique" ON "payment_methods" USING btree ("stripe_payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default" ON "payment_methods" USING btree ("company_id") WHERE "payment_methods"."is_default";--> statement-breakpoint
CREATE INDEX "payment_methods_company_idx" ON "payment_methods" USING btree ("company_id","create_time");--> statement-breakpoint
CREATE INDEX "payments_create_time_idx" ON "payments" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "payments_company_id_create_time_list_idx" ON "payments" USING btree ("company_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payments_create_time_list_idx" ON "payments" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "payments_currency_idx" ON "payments" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "payments_payment_method_idx" ON "payments" USING btree ("payment_method");--> statement-breakpoint
CREATE INDEX "payments_state_idx" ON "payments" USING btree ("state");--> statement-breakpoint
CREATE INDEX "payments_stripe_payment_intent_id_idx" ON "payments" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE INDEX "payments_completed_at_idx" ON "payments" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_create_time_idx" ON "wallet_transactions" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "wallet_transactions_company_id_create_time_list_idx" ON "wallet_transactions" USING btree ("company_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_create_time_list_idx" ON "wallet_transactions" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_account_id_idx" ON "wallet_transactions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_type_idx" ON "wallet_transactions" USING btree ("type");--> statement-breakpoint
CREATE INDEX "wallet_transactions_amount_idx" ON "wallet_transactions" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "wallet_transactions_balance_after_idx" ON "wallet_transactions" USING btree ("balance_after");--> statement-breakpoint
CREATE INDEX "wallet_transactions_reference_idx" ON "wallet_transactions" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "wallet_transactions_payment_id_idx" ON "wallet_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_member_card_id_idx" ON "wallet_transactions" USING btree ("member_card_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_voucher_pack_id_idx" ON "wallet_transactions" USING btree ("voucher_pack_id");--> statement-breakpoint
-- hand-added: one wallet per company (older databases may hold several: the first is kept, the others' balances join it), and each balance gets an opening ledger row so that the balance equals the sum of the ledger from here on
UPDATE "account" a SET "balance" = s."total" FROM (SELECT min("id") AS "id", sum("balance") AS "total" FROM "account" GROUP BY "company_id") s WHERE a."id" = s."id";--> statement-breakpoint
DELETE FROM "account" a USING "account" b WHERE a."company_id" = b."company_id" AND a."id" > b."id";--> statement-breakpoint
INSERT INTO "wallet_transactions" ("company_id", "account_id", "type", "amount", "balance_after", "reference", "create_time", "update_time") SELECT "company_id", "id", 'TOP_UP_TXN', "balance", "balance", 'Opening balance', "create_time", "create_time" FROM "account" WHERE "balance" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "account_one_per_company" ON "account" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "country_config_free_top_up_idx" ON "country_config" USING btree ("free_top_up");--> statement-breakpoint
ALTER TABLE "account" DROP COLUMN "payment_method";--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_balance_min_ck" CHECK ("account"."balance" >= 0);--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_stripe_customer_id_max_ck" CHECK (char_length("account"."stripe_customer_id") <= 255);