CREATE TABLE "account" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_no" text,
	"name" text DEFAULT 'Main wallet' NOT NULL,
	"balance" numeric(14, 2) DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'SGD' NOT NULL,
	"payment_method" text DEFAULT 'FREE' NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"last_top_up_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_account_no_max_ck" CHECK (char_length("account"."account_no") <= 32),
	CONSTRAINT "account_name_max_ck" CHECK (char_length("account"."name") <= 120),
	CONSTRAINT "account_currency_max_ck" CHECK (char_length("account"."currency") <= 3),
	CONSTRAINT "account_currency_min_ck" CHECK (char_length("account"."currency") >= 3),
	CONSTRAINT "account_payment_method_in_ck" CHECK ("account"."payment_method" in ('FREE', 'STRIPE')),
	CONSTRAINT "account_state_in_ck" CHECK ("account"."state" in ('ACTIVE', 'DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "banner_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"country" text NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_config_title_max_ck" CHECK (char_length("banner_config"."title") <= 120),
	CONSTRAINT "banner_config_country_max_ck" CHECK (char_length("banner_config"."country") <= 2),
	CONSTRAINT "banner_config_country_min_ck" CHECK (char_length("banner_config"."country") >= 2),
	CONSTRAINT "banner_config_image_url_max_ck" CHECK (char_length("banner_config"."image_url") <= 500),
	CONSTRAINT "banner_config_link_url_max_ck" CHECK (char_length("banner_config"."link_url") <= 500),
	CONSTRAINT "banner_config_sort_order_min_ck" CHECK ("banner_config"."sort_order" >= 0),
	CONSTRAINT "banner_config_sort_order_max_ck" CHECK ("banner_config"."sort_order" <= 10000),
	CONSTRAINT "banner_config_state_in_ck" CHECK ("banner_config"."state" in ('ACTIVE', 'DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "brand" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"description" text,
	"industry_config_id" integer,
	"website" text,
	"contact_email" text,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_name_max_ck" CHECK (char_length("brand"."name") <= 120),
	CONSTRAINT "brand_logo_max_ck" CHECK (char_length("brand"."logo") <= 500),
	CONSTRAINT "brand_description_max_ck" CHECK (char_length("brand"."description") <= 1000),
	CONSTRAINT "brand_website_max_ck" CHECK (char_length("brand"."website") <= 500),
	CONSTRAINT "brand_contact_email_max_ck" CHECK (char_length("brand"."contact_email") <= 254),
	CONSTRAINT "brand_state_in_ck" CHECK ("brand"."state" in ('BLANK', 'SUBMITTED', 'ACTIVE', 'DISABLED', 'DELETE'))
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"registration_no" text NOT NULL,
	"address" text,
	"contact_email" text NOT NULL,
	"phone" text,
	"country" text DEFAULT 'sg' NOT NULL,
	"state" text DEFAULT 'SUBMITTED' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_name_max_ck" CHECK (char_length("company"."name") <= 120),
	CONSTRAINT "company_registration_no_max_ck" CHECK (char_length("company"."registration_no") <= 32),
	CONSTRAINT "company_address_max_ck" CHECK (char_length("company"."address") <= 300),
	CONSTRAINT "company_contact_email_max_ck" CHECK (char_length("company"."contact_email") <= 254),
	CONSTRAINT "company_phone_max_ck" CHECK (char_length("company"."phone") <= 20),
	CONSTRAINT "company_country_max_ck" CHECK (char_length("company"."country") <= 2),
	CONSTRAINT "company_country_min_ck" CHECK (char_length("company"."country") >= 2),
	CONSTRAINT "company_state_in_ck" CHECK ("company"."state" in ('BLANK', 'SUBMITTED', 'ACTIVE', 'DISABLED', 'DELETE'))
);
--> statement-breakpoint
CREATE TABLE "country_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"timezone" text NOT NULL,
	"calling_code" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "country_config_country_max_ck" CHECK (char_length("country_config"."country") <= 2),
	CONSTRAINT "country_config_country_min_ck" CHECK (char_length("country_config"."country") >= 2),
	CONSTRAINT "country_config_name_max_ck" CHECK (char_length("country_config"."name") <= 80),
	CONSTRAINT "country_config_currency_max_ck" CHECK (char_length("country_config"."currency") <= 3),
	CONSTRAINT "country_config_currency_min_ck" CHECK (char_length("country_config"."currency") >= 3),
	CONSTRAINT "country_config_timezone_max_ck" CHECK (char_length("country_config"."timezone") <= 64),
	CONSTRAINT "country_config_calling_code_max_ck" CHECK (char_length("country_config"."calling_code") <= 5)
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"serial_no" text NOT NULL,
	"name" text,
	"model" text,
	"store_id" integer,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"lifecycle" text DEFAULT 'APPROVED' NOT NULL,
	"firmware_version" text,
	"last_seen_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_serial_no_max_ck" CHECK (char_length("devices"."serial_no") <= 64),
	CONSTRAINT "devices_name_max_ck" CHECK (char_length("devices"."name") <= 120),
	CONSTRAINT "devices_model_max_ck" CHECK (char_length("devices"."model") <= 64),
	CONSTRAINT "devices_state_in_ck" CHECK ("devices"."state" in ('ACTIVE', 'DEREGISTERED')),
	CONSTRAINT "devices_lifecycle_in_ck" CHECK ("devices"."lifecycle" in ('APPROVED', 'REGISTERED', 'REGISTER_FAILED', 'DELIVERED', 'ACTIVE', 'SPOILT', 'DEREGISTERED')),
	CONSTRAINT "devices_firmware_version_max_ck" CHECK (char_length("devices"."firmware_version") <= 32)
);
--> statement-breakpoint
CREATE TABLE "force_update_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"min_version" text NOT NULL,
	"latest_version" text NOT NULL,
	"store_url" text,
	"message" text,
	"force" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "force_update_config_platform_in_ck" CHECK ("force_update_config"."platform" in ('IOS', 'ANDROID')),
	CONSTRAINT "force_update_config_min_version_max_ck" CHECK (char_length("force_update_config"."min_version") <= 20),
	CONSTRAINT "force_update_config_latest_version_max_ck" CHECK (char_length("force_update_config"."latest_version") <= 20),
	CONSTRAINT "force_update_config_store_url_max_ck" CHECK (char_length("force_update_config"."store_url") <= 500),
	CONSTRAINT "force_update_config_message_max_ck" CHECK (char_length("force_update_config"."message") <= 300)
);
--> statement-breakpoint
CREATE TABLE "industry_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "industry_config_code_max_ck" CHECK (char_length("industry_config"."code") <= 32),
	CONSTRAINT "industry_config_name_max_ck" CHECK (char_length("industry_config"."name") <= 120),
	CONSTRAINT "industry_config_icon_max_ck" CHECK (char_length("industry_config"."icon") <= 500),
	CONSTRAINT "industry_config_sort_order_min_ck" CHECK ("industry_config"."sort_order" >= 0),
	CONSTRAINT "industry_config_sort_order_max_ck" CHECK ("industry_config"."sort_order" <= 10000),
	CONSTRAINT "industry_config_state_in_ck" CHECK ("industry_config"."state" in ('ACTIVE', 'DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "merchant_signup" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_kind" text DEFAULT 'MERCHANT_SIGNUP' NOT NULL,
	"approval" text DEFAULT 'PENDING' NOT NULL,
	"user_id" integer,
	"company_name" text NOT NULL,
	"registration_no" text,
	"brand_name" text,
	"store_name" text,
	"contact_email" text,
	"contact_mobile" text,
	"company_id" integer,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_signup_request_kind_in_ck" CHECK ("merchant_signup"."request_kind" in ('MERCHANT_SIGNUP', 'ADD_BRAND', 'ADD_STORE')),
	CONSTRAINT "merchant_signup_approval_in_ck" CHECK ("merchant_signup"."approval" in ('APPROVED', 'PENDING', 'REJECT')),
	CONSTRAINT "merchant_signup_company_name_max_ck" CHECK (char_length("merchant_signup"."company_name") <= 120),
	CONSTRAINT "merchant_signup_registration_no_max_ck" CHECK (char_length("merchant_signup"."registration_no") <= 32),
	CONSTRAINT "merchant_signup_brand_name_max_ck" CHECK (char_length("merchant_signup"."brand_name") <= 120),
	CONSTRAINT "merchant_signup_store_name_max_ck" CHECK (char_length("merchant_signup"."store_name") <= 120),
	CONSTRAINT "merchant_signup_contact_email_max_ck" CHECK (char_length("merchant_signup"."contact_email") <= 254),
	CONSTRAINT "merchant_signup_contact_mobile_max_ck" CHECK (char_length("merchant_signup"."contact_mobile") <= 20),
	CONSTRAINT "merchant_signup_reason_max_ck" CHECK (char_length("merchant_signup"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"brand_id" integer,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"category" text,
	"description" text,
	"image" text,
	"price" numeric(14, 2) NOT NULL,
	"stamps_earned" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_name_max_ck" CHECK (char_length("products"."name") <= 120),
	CONSTRAINT "products_sku_max_ck" CHECK (char_length("products"."sku") <= 64),
	CONSTRAINT "products_category_max_ck" CHECK (char_length("products"."category") <= 64),
	CONSTRAINT "products_description_max_ck" CHECK (char_length("products"."description") <= 1000),
	CONSTRAINT "products_image_max_ck" CHECK (char_length("products"."image") <= 500),
	CONSTRAINT "products_price_min_ck" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_price_max_ck" CHECK ("products"."price" <= 100000),
	CONSTRAINT "products_stamps_earned_min_ck" CHECK ("products"."stamps_earned" >= 0),
	CONSTRAINT "products_stamps_earned_max_ck" CHECK ("products"."stamps_earned" <= 10),
	CONSTRAINT "products_state_in_ck" CHECK ("products"."state" in ('ACTIVE', 'DISABLED', 'DELETE'))
);
--> statement-breakpoint
CREATE TABLE "push" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text DEFAULT 'ALL_MEMBERS' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_title_max_ck" CHECK (char_length("push"."title") <= 65),
	CONSTRAINT "push_body_max_ck" CHECK (char_length("push"."body") <= 240),
	CONSTRAINT "push_audience_in_ck" CHECK ("push"."audience" in ('ALL_MEMBERS', 'STAMP_CARD_HOLDERS', 'VOUCHER_HOLDERS')),
	CONSTRAINT "push_state_in_ck" CHECK ("push"."state" in ('PENDING', 'SCHEDULED', 'COMPLETED', 'FAILED')),
	CONSTRAINT "push_sent_count_min_ck" CHECK ("push"."sent_count" >= 0),
	CONSTRAINT "push_failure_reason_max_ck" CHECK (char_length("push"."failure_reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "push_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image_url" text,
	"deep_link" text,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_templates_title_max_ck" CHECK (char_length("push_templates"."title") <= 65),
	CONSTRAINT "push_templates_body_max_ck" CHECK (char_length("push_templates"."body") <= 240),
	CONSTRAINT "push_templates_image_url_max_ck" CHECK (char_length("push_templates"."image_url") <= 500),
	CONSTRAINT "push_templates_deep_link_max_ck" CHECK (char_length("push_templates"."deep_link") <= 500),
	CONSTRAINT "push_templates_state_in_ck" CHECK ("push_templates"."state" in ('ACTIVE', 'DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "stamp_card" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"brand_id" integer,
	"title" text NOT NULL,
	"description" text,
	"image" text,
	"stamps_required" integer DEFAULT 10 NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"reward_voucher_pack_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_card_title_max_ck" CHECK (char_length("stamp_card"."title") <= 120),
	CONSTRAINT "stamp_card_description_max_ck" CHECK (char_length("stamp_card"."description") <= 1000),
	CONSTRAINT "stamp_card_image_max_ck" CHECK (char_length("stamp_card"."image") <= 500),
	CONSTRAINT "stamp_card_stamps_required_min_ck" CHECK ("stamp_card"."stamps_required" >= 1),
	CONSTRAINT "stamp_card_stamps_required_max_ck" CHECK ("stamp_card"."stamps_required" <= 50),
	CONSTRAINT "stamp_card_price_min_ck" CHECK ("stamp_card"."price" >= 0),
	CONSTRAINT "stamp_card_price_max_ck" CHECK ("stamp_card"."price" <= 100000),
	CONSTRAINT "stamp_card_state_in_ck" CHECK ("stamp_card"."state" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "stamping_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"brand_id" integer,
	"stamp_card_id" integer NOT NULL,
	"transaction_id" integer,
	"member_mobile" text NOT NULL,
	"stamps_delta" integer NOT NULL,
	"stamps_after" integer NOT NULL,
	"member_card_state" smallint DEFAULT 0 NOT NULL,
	"store_id" integer,
	"device_id" integer,
	"at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamping_history_member_mobile_max_ck" CHECK (char_length("stamping_history"."member_mobile") <= 20),
	CONSTRAINT "stamping_history_stamps_delta_min_ck" CHECK ("stamping_history"."stamps_delta" >= -100),
	CONSTRAINT "stamping_history_stamps_delta_max_ck" CHECK ("stamping_history"."stamps_delta" <= 100),
	CONSTRAINT "stamping_history_stamps_after_min_ck" CHECK ("stamping_history"."stamps_after" >= 0),
	CONSTRAINT "stamping_history_stamps_after_max_ck" CHECK ("stamping_history"."stamps_after" <= 100),
	CONSTRAINT "stamping_history_member_card_state_in_ck" CHECK ("stamping_history"."member_card_state" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "stamps_transaction" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"brand_id" integer,
	"stamp_card_id" integer,
	"member_mobile" text NOT NULL,
	"type" text DEFAULT 'STAMP_CARD_TXN' NOT NULL,
	"result" text DEFAULT 'SUCCESS' NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"receipt_no" text,
	"store_id" integer,
	"device_id" integer,
	"void_reason" text,
	"at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamps_transaction_member_mobile_max_ck" CHECK (char_length("stamps_transaction"."member_mobile") <= 20),
	CONSTRAINT "stamps_transaction_type_in_ck" CHECK ("stamps_transaction"."type" in ('STAMP_CARD_TXN', 'VOUCHER_TXN', 'TOP_UP_TXN')),
	CONSTRAINT "stamps_transaction_result_in_ck" CHECK ("stamps_transaction"."result" in ('SUCCESS', 'FAILED', 'VOIDED')),
	CONSTRAINT "stamps_transaction_stamps_min_ck" CHECK ("stamps_transaction"."stamps" >= 0),
	CONSTRAINT "stamps_transaction_stamps_max_ck" CHECK ("stamps_transaction"."stamps" <= 100),
	CONSTRAINT "stamps_transaction_amount_min_ck" CHECK ("stamps_transaction"."amount" >= 0),
	CONSTRAINT "stamps_transaction_receipt_no_max_ck" CHECK (char_length("stamps_transaction"."receipt_no") <= 64),
	CONSTRAINT "stamps_transaction_void_reason_max_ck" CHECK (char_length("stamps_transaction"."void_reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "store" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"brand_id" integer,
	"name" text NOT NULL,
	"code" text,
	"address" text NOT NULL,
	"postal_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"phone" text,
	"opening_hours" text,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_name_max_ck" CHECK (char_length("store"."name") <= 120),
	CONSTRAINT "store_code_max_ck" CHECK (char_length("store"."code") <= 32),
	CONSTRAINT "store_address_max_ck" CHECK (char_length("store"."address") <= 300),
	CONSTRAINT "store_postal_code_max_ck" CHECK (char_length("store"."postal_code") <= 12),
	CONSTRAINT "store_latitude_min_ck" CHECK ("store"."latitude" >= -90),
	CONSTRAINT "store_latitude_max_ck" CHECK ("store"."latitude" <= 90),
	CONSTRAINT "store_longitude_min_ck" CHECK ("store"."longitude" >= -180),
	CONSTRAINT "store_longitude_max_ck" CHECK ("store"."longitude" <= 180),
	CONSTRAINT "store_phone_max_ck" CHECK (char_length("store"."phone") <= 20),
	CONSTRAINT "store_opening_hours_max_ck" CHECK (char_length("store"."opening_hours") <= 300),
	CONSTRAINT "store_state_in_ck" CHECK ("store"."state" in ('BLANK', 'SUBMITTED', 'ACTIVE', 'DISABLED', 'DELETE'))
);
--> statement-breakpoint
CREATE TABLE "voucher_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"brand_id" integer,
	"voucher_id" integer NOT NULL,
	"action" text NOT NULL,
	"member_mobile" text,
	"to_member_mobile" text,
	"store_id" integer,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_history_action_in_ck" CHECK ("voucher_history"."action" in ('ISSUED', 'REDEEMED', 'EXPIRED', 'VOIDED', 'DONATED')),
	CONSTRAINT "voucher_history_member_mobile_max_ck" CHECK (char_length("voucher_history"."member_mobile") <= 20),
	CONSTRAINT "voucher_history_to_member_mobile_max_ck" CHECK (char_length("voucher_history"."to_member_mobile") <= 20),
	CONSTRAINT "voucher_history_note_max_ck" CHECK (char_length("voucher_history"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "voucher_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"brand_id" integer,
	"title" text NOT NULL,
	"description" text,
	"image" text,
	"price" numeric(14, 2) NOT NULL,
	"voucher_value" numeric(14, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"issue_limit_per_member" integer DEFAULT 1 NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"voucher_validity_days" integer DEFAULT 30 NOT NULL,
	"giftable" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_packs_title_max_ck" CHECK (char_length("voucher_packs"."title") <= 120),
	CONSTRAINT "voucher_packs_description_max_ck" CHECK (char_length("voucher_packs"."description") <= 1000),
	CONSTRAINT "voucher_packs_image_max_ck" CHECK (char_length("voucher_packs"."image") <= 500),
	CONSTRAINT "voucher_packs_price_min_ck" CHECK ("voucher_packs"."price" >= 0),
	CONSTRAINT "voucher_packs_price_max_ck" CHECK ("voucher_packs"."price" <= 100000),
	CONSTRAINT "voucher_packs_voucher_value_min_ck" CHECK ("voucher_packs"."voucher_value" >= 0),
	CONSTRAINT "voucher_packs_voucher_value_max_ck" CHECK ("voucher_packs"."voucher_value" <= 100000),
	CONSTRAINT "voucher_packs_quantity_min_ck" CHECK ("voucher_packs"."quantity" >= 1),
	CONSTRAINT "voucher_packs_quantity_max_ck" CHECK ("voucher_packs"."quantity" <= 1000000),
	CONSTRAINT "voucher_packs_issued_count_min_ck" CHECK ("voucher_packs"."issued_count" >= 0),
	CONSTRAINT "voucher_packs_issue_limit_per_member_min_ck" CHECK ("voucher_packs"."issue_limit_per_member" >= 1),
	CONSTRAINT "voucher_packs_issue_limit_per_member_max_ck" CHECK ("voucher_packs"."issue_limit_per_member" <= 1000),
	CONSTRAINT "voucher_packs_voucher_validity_days_min_ck" CHECK ("voucher_packs"."voucher_validity_days" >= 1),
	CONSTRAINT "voucher_packs_voucher_validity_days_max_ck" CHECK ("voucher_packs"."voucher_validity_days" <= 3650),
	CONSTRAINT "voucher_packs_state_in_ck" CHECK ("voucher_packs"."state" in ('ACTIVE', 'DISABLED', 'DELETE'))
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"brand_id" integer,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"voucher_pack_id" integer,
	"member_mobile" text,
	"value" numeric(14, 2) NOT NULL,
	"state" text DEFAULT 'AVAILABLE' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"redeemed_store_id" integer,
	"redeemed_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_code_max_ck" CHECK (char_length("vouchers"."code") <= 32),
	CONSTRAINT "vouchers_title_max_ck" CHECK (char_length("vouchers"."title") <= 120),
	CONSTRAINT "vouchers_value_min_ck" CHECK ("vouchers"."value" >= 0),
	CONSTRAINT "vouchers_state_in_ck" CHECK ("vouchers"."state" in ('AVAILABLE', 'REDEEMED', 'EXPIRED'))
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand" ADD CONSTRAINT "brand_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand" ADD CONSTRAINT "brand_industry_config_id_fk" FOREIGN KEY ("industry_config_id") REFERENCES "public"."industry_config"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_signup" ADD CONSTRAINT "merchant_signup_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_signup" ADD CONSTRAINT "merchant_signup_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_signup" ADD CONSTRAINT "merchant_signup_decided_by_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push" ADD CONSTRAINT "push_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push" ADD CONSTRAINT "push_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."push_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_templates" ADD CONSTRAINT "push_templates_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_reward_voucher_pack_id_fk" FOREIGN KEY ("reward_voucher_pack_id") REFERENCES "public"."voucher_packs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamping_history" ADD CONSTRAINT "stamping_history_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamping_history" ADD CONSTRAINT "stamping_history_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamping_history" ADD CONSTRAINT "stamping_history_stamp_card_id_fk" FOREIGN KEY ("stamp_card_id") REFERENCES "public"."stamp_card"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamping_history" ADD CONSTRAINT "stamping_history_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."stamps_transaction"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamping_history" ADD CONSTRAINT "stamping_history_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamping_history" ADD CONSTRAINT "stamping_history_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_stamp_card_id_fk" FOREIGN KEY ("stamp_card_id") REFERENCES "public"."stamp_card"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps_transaction" ADD CONSTRAINT "stamps_transaction_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_history" ADD CONSTRAINT "voucher_history_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_history" ADD CONSTRAINT "voucher_history_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_history" ADD CONSTRAINT "voucher_history_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_history" ADD CONSTRAINT "voucher_history_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_packs" ADD CONSTRAINT "voucher_packs_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_packs" ADD CONSTRAINT "voucher_packs_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_voucher_pack_id_fk" FOREIGN KEY ("voucher_pack_id") REFERENCES "public"."voucher_packs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_redeemed_store_id_fk" FOREIGN KEY ("redeemed_store_id") REFERENCES "public"."store"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_company_id_idx" ON "account" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "account_create_time_idx" ON "account" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "account_account_no_uq" ON "account" USING btree ("company_id","account_no");--> statement-breakpoint
CREATE INDEX "account_name_idx" ON "account" USING btree ("name");--> statement-breakpoint
CREATE INDEX "account_balance_idx" ON "account" USING btree ("balance");--> statement-breakpoint
CREATE INDEX "account_currency_idx" ON "account" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "account_payment_method_idx" ON "account" USING btree ("payment_method");--> statement-breakpoint
CREATE INDEX "account_state_idx" ON "account" USING btree ("state");--> statement-breakpoint
CREATE INDEX "account_last_top_up_at_idx" ON "account" USING btree ("last_top_up_at");--> statement-breakpoint
CREATE INDEX "banner_config_create_time_idx" ON "banner_config" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "banner_config_title_idx" ON "banner_config" USING btree ("title");--> statement-breakpoint
CREATE INDEX "banner_config_country_idx" ON "banner_config" USING btree ("country");--> statement-breakpoint
CREATE INDEX "banner_config_sort_order_idx" ON "banner_config" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "banner_config_start_at_idx" ON "banner_config" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "banner_config_end_at_idx" ON "banner_config" USING btree ("end_at");--> statement-breakpoint
CREATE INDEX "banner_config_state_idx" ON "banner_config" USING btree ("state");--> statement-breakpoint
CREATE INDEX "brand_company_id_idx" ON "brand" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "brand_create_time_idx" ON "brand" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_name_uq" ON "brand" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "brand_industry_config_id_idx" ON "brand" USING btree ("industry_config_id");--> statement-breakpoint
CREATE INDEX "brand_contact_email_idx" ON "brand" USING btree ("contact_email");--> statement-breakpoint
CREATE INDEX "brand_state_idx" ON "brand" USING btree ("state");--> statement-breakpoint
CREATE INDEX "company_create_time_idx" ON "company" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "company_name_uq" ON "company" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "company_registration_no_uq" ON "company" USING btree ("registration_no");--> statement-breakpoint
CREATE INDEX "company_contact_email_idx" ON "company" USING btree ("contact_email");--> statement-breakpoint
CREATE INDEX "company_phone_idx" ON "company" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "company_country_idx" ON "company" USING btree ("country");--> statement-breakpoint
CREATE INDEX "company_state_idx" ON "company" USING btree ("state");--> statement-breakpoint
CREATE INDEX "country_config_create_time_idx" ON "country_config" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "country_config_country_uq" ON "country_config" USING btree ("country");--> statement-breakpoint
CREATE INDEX "country_config_name_idx" ON "country_config" USING btree ("name");--> statement-breakpoint
CREATE INDEX "country_config_currency_idx" ON "country_config" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "country_config_timezone_idx" ON "country_config" USING btree ("timezone");--> statement-breakpoint
CREATE INDEX "country_config_calling_code_idx" ON "country_config" USING btree ("calling_code");--> statement-breakpoint
CREATE INDEX "country_config_enabled_idx" ON "country_config" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "devices_company_id_idx" ON "devices" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "devices_create_time_idx" ON "devices" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial_no_uq" ON "devices" USING btree ("company_id","serial_no");--> statement-breakpoint
CREATE INDEX "devices_name_idx" ON "devices" USING btree ("name");--> statement-breakpoint
CREATE INDEX "devices_model_idx" ON "devices" USING btree ("model");--> statement-breakpoint
CREATE INDEX "devices_store_id_idx" ON "devices" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "devices_state_idx" ON "devices" USING btree ("state");--> statement-breakpoint
CREATE INDEX "devices_lifecycle_idx" ON "devices" USING btree ("lifecycle");--> statement-breakpoint
CREATE INDEX "devices_last_seen_at_idx" ON "devices" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "force_update_config_create_time_idx" ON "force_update_config" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "force_update_config_platform_uq" ON "force_update_config" USING btree ("platform");--> statement-breakpoint
CREATE INDEX "force_update_config_min_version_idx" ON "force_update_config" USING btree ("min_version");--> statement-breakpoint
CREATE INDEX "force_update_config_latest_version_idx" ON "force_update_config" USING btree ("latest_version");--> statement-breakpoint
CREATE INDEX "force_update_config_force_idx" ON "force_update_config" USING btree ("force");--> statement-breakpoint
CREATE INDEX "industry_config_create_time_idx" ON "industry_config" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "industry_config_code_uq" ON "industry_config" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "industry_config_name_uq" ON "industry_config" USING btree ("name");--> statement-breakpoint
CREATE INDEX "industry_config_sort_order_idx" ON "industry_config" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "industry_config_state_idx" ON "industry_config" USING btree ("state");--> statement-breakpoint
CREATE INDEX "merchant_signup_create_time_idx" ON "merchant_signup" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "merchant_signup_request_kind_idx" ON "merchant_signup" USING btree ("request_kind");--> statement-breakpoint
CREATE INDEX "merchant_signup_approval_idx" ON "merchant_signup" USING btree ("approval");--> statement-breakpoint
CREATE INDEX "merchant_signup_user_id_idx" ON "merchant_signup" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "merchant_signup_company_name_idx" ON "merchant_signup" USING btree ("company_name");--> statement-breakpoint
CREATE INDEX "merchant_signup_registration_no_idx" ON "merchant_signup" USING btree ("registration_no");--> statement-breakpoint
CREATE INDEX "merchant_signup_brand_name_idx" ON "merchant_signup" USING btree ("brand_name");--> statement-breakpoint
CREATE INDEX "merchant_signup_store_name_idx" ON "merchant_signup" USING btree ("store_name");--> statement-breakpoint
CREATE INDEX "merchant_signup_contact_email_idx" ON "merchant_signup" USING btree ("contact_email");--> statement-breakpoint
CREATE INDEX "merchant_signup_contact_mobile_idx" ON "merchant_signup" USING btree ("contact_mobile");--> statement-breakpoint
CREATE INDEX "merchant_signup_company_id_idx" ON "merchant_signup" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "merchant_signup_decided_by_idx" ON "merchant_signup" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "merchant_signup_decided_at_idx" ON "merchant_signup" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "products_company_id_idx" ON "products" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "products_brand_id_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_create_time_idx" ON "products" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_uq" ON "products" USING btree ("company_id","sku");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price");--> statement-breakpoint
CREATE INDEX "products_stamps_earned_idx" ON "products" USING btree ("stamps_earned");--> statement-breakpoint
CREATE INDEX "products_state_idx" ON "products" USING btree ("state");--> statement-breakpoint
CREATE INDEX "push_company_id_idx" ON "push" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "push_create_time_idx" ON "push" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "push_template_id_idx" ON "push" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "push_title_idx" ON "push" USING btree ("title");--> statement-breakpoint
CREATE INDEX "push_audience_idx" ON "push" USING btree ("audience");--> statement-breakpoint
CREATE INDEX "push_scheduled_at_idx" ON "push" USING btree ("scheduled_at");--> statement-breakpoint
CREATE INDEX "push_state_idx" ON "push" USING btree ("state");--> statement-breakpoint
CREATE INDEX "push_sent_at_idx" ON "push" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "push_sent_count_idx" ON "push" USING btree ("sent_count");--> statement-breakpoint
CREATE INDEX "push_templates_company_id_idx" ON "push_templates" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "push_templates_create_time_idx" ON "push_templates" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "push_templates_title_uq" ON "push_templates" USING btree ("company_id","title");--> statement-breakpoint
CREATE INDEX "push_templates_state_idx" ON "push_templates" USING btree ("state");--> statement-breakpoint
CREATE INDEX "stamp_card_company_id_idx" ON "stamp_card" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "stamp_card_brand_id_idx" ON "stamp_card" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "stamp_card_create_time_idx" ON "stamp_card" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "stamp_card_title_idx" ON "stamp_card" USING btree ("title");--> statement-breakpoint
CREATE INDEX "stamp_card_stamps_required_idx" ON "stamp_card" USING btree ("stamps_required");--> statement-breakpoint
CREATE INDEX "stamp_card_price_idx" ON "stamp_card" USING btree ("price");--> statement-breakpoint
CREATE INDEX "stamp_card_reward_voucher_pack_id_idx" ON "stamp_card" USING btree ("reward_voucher_pack_id");--> statement-breakpoint
CREATE INDEX "stamp_card_start_date_idx" ON "stamp_card" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "stamp_card_end_date_idx" ON "stamp_card" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "stamp_card_state_idx" ON "stamp_card" USING btree ("state");--> statement-breakpoint
CREATE INDEX "stamping_history_company_id_idx" ON "stamping_history" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "stamping_history_brand_id_idx" ON "stamping_history" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "stamping_history_create_time_idx" ON "stamping_history" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "stamping_history_stamp_card_id_idx" ON "stamping_history" USING btree ("stamp_card_id");--> statement-breakpoint
CREATE INDEX "stamping_history_transaction_id_idx" ON "stamping_history" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "stamping_history_member_mobile_idx" ON "stamping_history" USING btree ("member_mobile");--> statement-breakpoint
CREATE INDEX "stamping_history_stamps_delta_idx" ON "stamping_history" USING btree ("stamps_delta");--> statement-breakpoint
CREATE INDEX "stamping_history_stamps_after_idx" ON "stamping_history" USING btree ("stamps_after");--> statement-breakpoint
CREATE INDEX "stamping_history_member_card_state_idx" ON "stamping_history" USING btree ("member_card_state");--> statement-breakpoint
CREATE INDEX "stamping_history_store_id_idx" ON "stamping_history" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "stamping_history_device_id_idx" ON "stamping_history" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "stamping_history_at_idx" ON "stamping_history" USING btree ("at");--> statement-breakpoint
CREATE INDEX "stamps_transaction_company_id_idx" ON "stamps_transaction" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_brand_id_idx" ON "stamps_transaction" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_create_time_idx" ON "stamps_transaction" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "stamps_transaction_stamp_card_id_idx" ON "stamps_transaction" USING btree ("stamp_card_id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_member_mobile_idx" ON "stamps_transaction" USING btree ("member_mobile");--> statement-breakpoint
CREATE INDEX "stamps_transaction_type_idx" ON "stamps_transaction" USING btree ("type");--> statement-breakpoint
CREATE INDEX "stamps_transaction_result_idx" ON "stamps_transaction" USING btree ("result");--> statement-breakpoint
CREATE INDEX "stamps_transaction_stamps_idx" ON "stamps_transaction" USING btree ("stamps");--> statement-breakpoint
CREATE INDEX "stamps_transaction_amount_idx" ON "stamps_transaction" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "stamps_transaction_receipt_no_idx" ON "stamps_transaction" USING btree ("receipt_no");--> statement-breakpoint
CREATE INDEX "stamps_transaction_store_id_idx" ON "stamps_transaction" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_device_id_idx" ON "stamps_transaction" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_at_idx" ON "stamps_transaction" USING btree ("at");--> statement-breakpoint
CREATE INDEX "store_company_id_idx" ON "store" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "store_brand_id_idx" ON "store" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "store_create_time_idx" ON "store" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "store_name_uq" ON "store" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "store_code_idx" ON "store" USING btree ("code");--> statement-breakpoint
CREATE INDEX "store_postal_code_idx" ON "store" USING btree ("postal_code");--> statement-breakpoint
CREATE INDEX "store_phone_idx" ON "store" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "store_state_idx" ON "store" USING btree ("state");--> statement-breakpoint
CREATE INDEX "voucher_history_company_id_idx" ON "voucher_history" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "voucher_history_brand_id_idx" ON "voucher_history" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "voucher_history_create_time_idx" ON "voucher_history" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "voucher_history_voucher_id_idx" ON "voucher_history" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "voucher_history_action_idx" ON "voucher_history" USING btree ("action");--> statement-breakpoint
CREATE INDEX "voucher_history_member_mobile_idx" ON "voucher_history" USING btree ("member_mobile");--> statement-breakpoint
CREATE INDEX "voucher_history_to_member_mobile_idx" ON "voucher_history" USING btree ("to_member_mobile");--> statement-breakpoint
CREATE INDEX "voucher_history_store_id_idx" ON "voucher_history" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "voucher_history_at_idx" ON "voucher_history" USING btree ("at");--> statement-breakpoint
CREATE INDEX "voucher_packs_company_id_idx" ON "voucher_packs" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "voucher_packs_brand_id_idx" ON "voucher_packs" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "voucher_packs_create_time_idx" ON "voucher_packs" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "voucher_packs_title_idx" ON "voucher_packs" USING btree ("title");--> statement-breakpoint
CREATE INDEX "voucher_packs_price_idx" ON "voucher_packs" USING btree ("price");--> statement-breakpoint
CREATE INDEX "voucher_packs_quantity_idx" ON "voucher_packs" USING btree ("quantity");--> statement-breakpoint
CREATE INDEX "voucher_packs_issued_count_idx" ON "voucher_packs" USING btree ("issued_count");--> statement-breakpoint
CREATE INDEX "voucher_packs_valid_from_idx" ON "voucher_packs" USING btree ("valid_from");--> statement-breakpoint
CREATE INDEX "voucher_packs_valid_until_idx" ON "voucher_packs" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "voucher_packs_giftable_idx" ON "voucher_packs" USING btree ("giftable");--> statement-breakpoint
CREATE INDEX "voucher_packs_state_idx" ON "voucher_packs" USING btree ("state");--> statement-breakpoint
CREATE INDEX "vouchers_company_id_idx" ON "vouchers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "vouchers_brand_id_idx" ON "vouchers" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "vouchers_create_time_idx" ON "vouchers" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_uq" ON "vouchers" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "vouchers_title_idx" ON "vouchers" USING btree ("title");--> statement-breakpoint
CREATE INDEX "vouchers_voucher_pack_id_idx" ON "vouchers" USING btree ("voucher_pack_id");--> statement-breakpoint
CREATE INDEX "vouchers_member_mobile_idx" ON "vouchers" USING btree ("member_mobile");--> statement-breakpoint
CREATE INDEX "vouchers_value_idx" ON "vouchers" USING btree ("value");--> statement-breakpoint
CREATE INDEX "vouchers_state_idx" ON "vouchers" USING btree ("state");--> statement-breakpoint
CREATE INDEX "vouchers_valid_from_idx" ON "vouchers" USING btree ("valid_from");--> statement-breakpoint
CREATE INDEX "vouchers_valid_until_idx" ON "vouchers" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "vouchers_redeemed_store_id_idx" ON "vouchers" USING btree ("redeemed_store_id");--> statement-breakpoint
CREATE INDEX "vouchers_redeemed_at_idx" ON "vouchers" USING btree ("redeemed_at");