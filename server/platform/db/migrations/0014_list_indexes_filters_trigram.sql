CREATE INDEX "account_account_no_trgm_idx" ON "account" USING gin ("account_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "account_name_trgm_idx" ON "account" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "account_currency_create_time_list_idx" ON "account" USING btree ("currency","create_time","id");--> statement-breakpoint
CREATE INDEX "account_state_create_time_list_idx" ON "account" USING btree ("state","create_time","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_create_time_list_idx" ON "audit_log" USING btree ("actor_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_create_time_list_idx" ON "audit_log" USING btree ("actor_email","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_action_create_time_list_idx" ON "audit_log" USING btree ("action","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_log_action_trgm_idx" ON "audit_log" USING gin ("action" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_resource_create_time_list_idx" ON "audit_log" USING btree ("resource","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_log_record_id_create_time_list_idx" ON "audit_log" USING btree ("record_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_log_company_id_create_time_list_idx" ON "audit_log" USING btree ("company_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "banner_config_title_sort_order_list_idx" ON "banner_config" USING btree ("title","sort_order","id");--> statement-breakpoint
CREATE INDEX "banner_config_title_trgm_idx" ON "banner_config" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "banner_config_country_sort_order_list_idx" ON "banner_config" USING btree ("country","sort_order","id");--> statement-breakpoint
CREATE INDEX "banner_config_state_sort_order_list_idx" ON "banner_config" USING btree ("state","sort_order","id");--> statement-breakpoint
CREATE INDEX "brand_name_trgm_idx" ON "brand" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brand_industry_config_id_name_list_idx" ON "brand" USING btree ("industry_config_id","name","id");--> statement-breakpoint
CREATE INDEX "brand_contact_email_name_list_idx" ON "brand" USING btree ("contact_email","name","id");--> statement-breakpoint
CREATE INDEX "brand_state_name_list_idx" ON "brand" USING btree ("state","name","id");--> statement-breakpoint
CREATE INDEX "company_name_trgm_idx" ON "company" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_registration_no_trgm_idx" ON "company" USING gin ("registration_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_contact_email_name_list_idx" ON "company" USING btree ("contact_email","name","id");--> statement-breakpoint
CREATE INDEX "company_contact_email_trgm_idx" ON "company" USING gin ("contact_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_phone_name_list_idx" ON "company" USING btree ("phone","name","id");--> statement-breakpoint
CREATE INDEX "company_country_name_list_idx" ON "company" USING btree ("country","name","id");--> statement-breakpoint
CREATE INDEX "company_state_name_list_idx" ON "company" USING btree ("state","name","id");--> statement-breakpoint
CREATE INDEX "country_config_name_country_list_idx" ON "country_config" USING btree ("name","country","id");--> statement-breakpoint
CREATE INDEX "country_config_name_trgm_idx" ON "country_config" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "country_config_currency_country_list_idx" ON "country_config" USING btree ("currency","country","id");--> statement-breakpoint
CREATE INDEX "country_config_timezone_country_list_idx" ON "country_config" USING btree ("timezone","country","id");--> statement-breakpoint
CREATE INDEX "country_config_calling_code_country_list_idx" ON "country_config" USING btree ("calling_code","country","id");--> statement-breakpoint
CREATE INDEX "country_config_enabled_country_list_idx" ON "country_config" USING btree ("enabled","country","id");--> statement-breakpoint
CREATE INDEX "country_config_free_top_up_country_list_idx" ON "country_config" USING btree ("free_top_up","country","id");--> statement-breakpoint
CREATE INDEX "devices_serial_no_trgm_idx" ON "devices" USING gin ("serial_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_name_create_time_list_idx" ON "devices" USING btree ("name","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "devices_name_trgm_idx" ON "devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_model_create_time_list_idx" ON "devices" USING btree ("model","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "devices_store_id_create_time_list_idx" ON "devices" USING btree ("store_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "devices_state_create_time_list_idx" ON "devices" USING btree ("state","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "devices_lifecycle_create_time_list_idx" ON "devices" USING btree ("lifecycle","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "force_update_config_min_version_platform_list_idx" ON "force_update_config" USING btree ("min_version","platform","id");--> statement-breakpoint
CREATE INDEX "force_update_config_latest_version_platform_list_idx" ON "force_update_config" USING btree ("latest_version","platform","id");--> statement-breakpoint
CREATE INDEX "force_update_config_force_platform_list_idx" ON "force_update_config" USING btree ("force","platform","id");--> statement-breakpoint
CREATE INDEX "industry_config_name_trgm_idx" ON "industry_config" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "industry_config_state_sort_order_list_idx" ON "industry_config" USING btree ("state","sort_order","id");--> statement-breakpoint
CREATE INDEX "maintenance_config_message_trgm_idx" ON "maintenance_config" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "maintenance_config_country_start_at_list_idx" ON "maintenance_config" USING btree ("country","start_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "maintenance_config_enabled_start_at_list_idx" ON "maintenance_config" USING btree ("enabled","start_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_cards_stamp_card_id_create_time_list_idx" ON "member_cards" USING btree ("stamp_card_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_cards_member_mobile_create_time_list_idx" ON "member_cards" USING btree ("member_mobile","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_cards_member_mobile_trgm_idx" ON "member_cards" USING gin ("member_mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "member_cards_stamps_create_time_list_idx" ON "member_cards" USING btree ("stamps","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_cards_state_create_time_list_idx" ON "member_cards" USING btree ("state","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_cards_store_id_create_time_list_idx" ON "member_cards" USING btree ("store_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "members_mobile_trgm_idx" ON "members" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_name_trgm_idx" ON "members" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchant_signup_request_kind_create_time_list_idx" ON "merchant_signup" USING btree ("request_kind","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "merchant_signup_approval_create_time_list_idx" ON "merchant_signup" USING btree ("approval","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "merchant_signup_user_id_create_time_list_idx" ON "merchant_signup" USING btree ("user_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "merchant_signup_company_name_create_time_list_idx" ON "merchant_signup" USING btree ("company_name","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "merchant_signup_company_name_trgm_idx" ON "merchant_signup" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchant_signup_registration_no_create_time_list_idx" ON "merchant_signup" USING btree ("registration_no","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "merchant_signup_registration_no_trgm_idx" ON "merchant_signup" USING gin ("registration_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchant_signup_brand_name_create_time_list_idx" ON "merchant_signup" USING btree ("brand_name","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "merchant_signup_brand_name_trgm_idx" ON "merchant_signup" USING gin ("brand_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchant_signup_store_name_create_time_list_idx" ON "merchant_signup" USING btree ("store_name","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "merchant_signup_store_name_trgm_idx" ON "merchant_signup" USING gin ("store_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchant_signup_contact_email_create_time_list_idx" ON "merchant_signup" USING btree ("contact_email","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "merchant_signup_contact_email_trgm_idx" ON "merchant_signup" USING gin ("contact_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchant_signup_contact_mobile_create_time_list_idx" ON "merchant_signup" USING btree ("contact_mobile","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "merchant_signup_company_id_create_time_list_idx" ON "merchant_signup" USING btree ("company_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "merchant_signup_brand_id_create_time_list_idx" ON "merchant_signup" USING btree ("brand_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "merchant_signup_store_id_create_time_list_idx" ON "merchant_signup" USING btree ("store_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payments_currency_create_time_list_idx" ON "payments" USING btree ("currency","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payments_payment_method_create_time_list_idx" ON "payments" USING btree ("payment_method","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payments_state_create_time_list_idx" ON "payments" USING btree ("state","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payments_stripe_payment_intent_id_create_time_list_idx" ON "payments" USING btree ("stripe_payment_intent_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payments_stripe_payment_intent_id_trgm_idx" ON "payments" USING gin ("stripe_payment_intent_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category_name_list_idx" ON "products" USING btree ("category","name","id");--> statement-breakpoint
CREATE INDEX "products_stamps_earned_name_list_idx" ON "products" USING btree ("stamps_earned","name","id");--> statement-breakpoint
CREATE INDEX "products_state_name_list_idx" ON "products" USING btree ("state","name","id");--> statement-breakpoint
CREATE INDEX "push_template_id_create_time_list_idx" ON "push" USING btree ("template_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_title_create_time_list_idx" ON "push" USING btree ("title","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_title_trgm_idx" ON "push" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "push_audience_create_time_list_idx" ON "push" USING btree ("audience","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_audience_brand_id_create_time_list_idx" ON "push" USING btree ("audience_brand_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_audience_store_id_create_time_list_idx" ON "push" USING btree ("audience_store_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_audience_mobile_create_time_list_idx" ON "push" USING btree ("audience_mobile","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_state_create_time_list_idx" ON "push" USING btree ("state","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_deliveries_push_id_at_list_idx" ON "push_deliveries" USING btree ("push_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_deliveries_member_mobile_at_list_idx" ON "push_deliveries" USING btree ("member_mobile","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_deliveries_member_mobile_trgm_idx" ON "push_deliveries" USING gin ("member_mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "push_deliveries_provider_at_list_idx" ON "push_deliveries" USING btree ("provider","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_deliveries_state_at_list_idx" ON "push_deliveries" USING btree ("state","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_templates_title_trgm_idx" ON "push_templates" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "push_templates_body_trgm_idx" ON "push_templates" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "push_templates_state_update_time_list_idx" ON "push_templates" USING btree ("state","update_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamp_card_title_start_date_list_idx" ON "stamp_card" USING btree ("title","start_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamp_card_title_trgm_idx" ON "stamp_card" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stamp_card_stamps_required_start_date_list_idx" ON "stamp_card" USING btree ("stamps_required","start_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamp_card_reward_voucher_pack_id_start_date_list_idx" ON "stamp_card" USING btree ("reward_voucher_pack_id","start_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamp_card_end_date_start_date_list_idx" ON "stamp_card" USING btree ("end_date","start_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamp_card_state_start_date_list_idx" ON "stamp_card" USING btree ("state","start_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamping_history_stamp_card_id_at_list_idx" ON "stamping_history" USING btree ("stamp_card_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamping_history_member_card_id_at_list_idx" ON "stamping_history" USING btree ("member_card_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamping_history_transaction_id_at_list_idx" ON "stamping_history" USING btree ("transaction_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamping_history_member_mobile_at_list_idx" ON "stamping_history" USING btree ("member_mobile","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamping_history_member_mobile_trgm_idx" ON "stamping_history" USING gin ("member_mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stamping_history_member_card_state_at_list_idx" ON "stamping_history" USING btree ("member_card_state","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamping_history_store_id_at_list_idx" ON "stamping_history" USING btree ("store_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamping_history_device_id_at_list_idx" ON "stamping_history" USING btree ("device_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_stamp_card_id_at_list_idx" ON "stamps_transaction" USING btree ("stamp_card_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_member_card_id_at_list_idx" ON "stamps_transaction" USING btree ("member_card_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_member_mobile_at_list_idx" ON "stamps_transaction" USING btree ("member_mobile","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_member_mobile_trgm_idx" ON "stamps_transaction" USING gin ("member_mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stamps_transaction_type_at_list_idx" ON "stamps_transaction" USING btree ("type","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_result_at_list_idx" ON "stamps_transaction" USING btree ("result","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_stamps_at_list_idx" ON "stamps_transaction" USING btree ("stamps","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_receipt_no_at_list_idx" ON "stamps_transaction" USING btree ("receipt_no","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_receipt_no_trgm_idx" ON "stamps_transaction" USING gin ("receipt_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stamps_transaction_store_id_at_list_idx" ON "stamps_transaction" USING btree ("store_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_device_id_at_list_idx" ON "stamps_transaction" USING btree ("device_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "store_name_trgm_idx" ON "store" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_code_name_list_idx" ON "store" USING btree ("code","name","id");--> statement-breakpoint
CREATE INDEX "store_code_trgm_idx" ON "store" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_address_trgm_idx" ON "store" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_postal_code_name_list_idx" ON "store" USING btree ("postal_code","name","id");--> statement-breakpoint
CREATE INDEX "store_phone_name_list_idx" ON "store" USING btree ("phone","name","id");--> statement-breakpoint
CREATE INDEX "store_state_name_list_idx" ON "store" USING btree ("state","name","id");--> statement-breakpoint
CREATE INDEX "voucher_history_voucher_id_at_list_idx" ON "voucher_history" USING btree ("voucher_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "voucher_history_action_at_list_idx" ON "voucher_history" USING btree ("action","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "voucher_history_member_mobile_at_list_idx" ON "voucher_history" USING btree ("member_mobile","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "voucher_history_member_mobile_trgm_idx" ON "voucher_history" USING gin ("member_mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "voucher_history_to_member_mobile_at_list_idx" ON "voucher_history" USING btree ("to_member_mobile","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "voucher_history_to_member_mobile_trgm_idx" ON "voucher_history" USING gin ("to_member_mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "voucher_history_store_id_at_list_idx" ON "voucher_history" USING btree ("store_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "voucher_packs_title_create_time_list_idx" ON "voucher_packs" USING btree ("title","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "voucher_packs_title_trgm_idx" ON "voucher_packs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "voucher_packs_giftable_create_time_list_idx" ON "voucher_packs" USING btree ("giftable","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "voucher_packs_state_create_time_list_idx" ON "voucher_packs" USING btree ("state","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "vouchers_code_trgm_idx" ON "vouchers" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vouchers_title_trgm_idx" ON "vouchers" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vouchers_voucher_pack_id_create_time_list_idx" ON "vouchers" USING btree ("voucher_pack_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "vouchers_member_mobile_create_time_list_idx" ON "vouchers" USING btree ("member_mobile","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "vouchers_member_mobile_trgm_idx" ON "vouchers" USING gin ("member_mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vouchers_issued_to_mobile_create_time_list_idx" ON "vouchers" USING btree ("issued_to_mobile","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "vouchers_state_create_time_list_idx" ON "vouchers" USING btree ("state","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_account_id_create_time_list_idx" ON "wallet_transactions" USING btree ("account_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_type_create_time_list_idx" ON "wallet_transactions" USING btree ("type","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_reference_create_time_list_idx" ON "wallet_transactions" USING btree ("reference","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_reference_trgm_idx" ON "wallet_transactions" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wallet_transactions_payment_id_create_time_list_idx" ON "wallet_transactions" USING btree ("payment_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_member_card_id_create_time_list_idx" ON "wallet_transactions" USING btree ("member_card_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_voucher_pack_id_create_time_list_idx" ON "wallet_transactions" USING btree ("voucher_pack_id","create_time" DESC NULLS FIRST,"id");