DROP INDEX "account_company_id_idx";--> statement-breakpoint
DROP INDEX "brand_company_id_idx";--> statement-breakpoint
DROP INDEX "devices_company_id_idx";--> statement-breakpoint
DROP INDEX "member_cards_company_id_idx";--> statement-breakpoint
DROP INDEX "member_cards_brand_id_idx";--> statement-breakpoint
DROP INDEX "products_company_id_idx";--> statement-breakpoint
DROP INDEX "products_brand_id_idx";--> statement-breakpoint
DROP INDEX "push_company_id_idx";--> statement-breakpoint
DROP INDEX "push_deliveries_company_id_idx";--> statement-breakpoint
DROP INDEX "push_templates_company_id_idx";--> statement-breakpoint
DROP INDEX "stamp_card_company_id_idx";--> statement-breakpoint
DROP INDEX "stamp_card_brand_id_idx";--> statement-breakpoint
DROP INDEX "stamping_history_company_id_idx";--> statement-breakpoint
DROP INDEX "stamping_history_brand_id_idx";--> statement-breakpoint
DROP INDEX "stamps_transaction_company_id_idx";--> statement-breakpoint
DROP INDEX "stamps_transaction_brand_id_idx";--> statement-breakpoint
DROP INDEX "store_company_id_idx";--> statement-breakpoint
DROP INDEX "store_brand_id_idx";--> statement-breakpoint
DROP INDEX "voucher_history_company_id_idx";--> statement-breakpoint
DROP INDEX "voucher_history_brand_id_idx";--> statement-breakpoint
DROP INDEX "voucher_packs_company_id_idx";--> statement-breakpoint
DROP INDEX "voucher_packs_brand_id_idx";--> statement-breakpoint
DROP INDEX "vouchers_company_id_idx";--> statement-breakpoint
DROP INDEX "vouchers_brand_id_idx";--> statement-breakpoint
CREATE INDEX "account_company_id_create_time_list_idx" ON "account" USING btree ("company_id","create_time","id");--> statement-breakpoint
CREATE INDEX "account_create_time_list_idx" ON "account" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "audit_log_create_time_list_idx" ON "audit_log" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "banner_config_sort_order_list_idx" ON "banner_config" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "brand_company_id_name_list_idx" ON "brand" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "brand_name_list_idx" ON "brand" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "company_name_list_idx" ON "company" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "country_config_country_list_idx" ON "country_config" USING btree ("country","id");--> statement-breakpoint
CREATE INDEX "devices_company_id_create_time_list_idx" ON "devices" USING btree ("company_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "devices_create_time_list_idx" ON "devices" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "force_update_config_platform_list_idx" ON "force_update_config" USING btree ("platform","id");--> statement-breakpoint
CREATE INDEX "industry_config_sort_order_list_idx" ON "industry_config" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "member_cards_company_id_create_time_list_idx" ON "member_cards" USING btree ("company_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_cards_brand_id_create_time_list_idx" ON "member_cards" USING btree ("brand_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_cards_create_time_list_idx" ON "member_cards" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "members_create_time_list_idx" ON "members" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "merchant_signup_create_time_list_idx" ON "merchant_signup" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_company_id_name_list_idx" ON "products" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "products_brand_id_name_list_idx" ON "products" USING btree ("brand_id","name","id");--> statement-breakpoint
CREATE INDEX "products_name_list_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "push_company_id_create_time_list_idx" ON "push" USING btree ("company_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_create_time_list_idx" ON "push" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_deliveries_company_id_at_list_idx" ON "push_deliveries" USING btree ("company_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_deliveries_at_list_idx" ON "push_deliveries" USING btree ("at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_templates_company_id_update_time_list_idx" ON "push_templates" USING btree ("company_id","update_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "push_templates_update_time_list_idx" ON "push_templates" USING btree ("update_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamp_card_company_id_start_date_list_idx" ON "stamp_card" USING btree ("company_id","start_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamp_card_brand_id_start_date_list_idx" ON "stamp_card" USING btree ("brand_id","start_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamp_card_start_date_list_idx" ON "stamp_card" USING btree ("start_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamping_history_company_id_at_list_idx" ON "stamping_history" USING btree ("company_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamping_history_brand_id_at_list_idx" ON "stamping_history" USING btree ("brand_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamping_history_at_list_idx" ON "stamping_history" USING btree ("at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_company_id_at_list_idx" ON "stamps_transaction" USING btree ("company_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_brand_id_at_list_idx" ON "stamps_transaction" USING btree ("brand_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stamps_transaction_at_list_idx" ON "stamps_transaction" USING btree ("at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "store_company_id_name_list_idx" ON "store" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "store_brand_id_name_list_idx" ON "store" USING btree ("brand_id","name","id");--> statement-breakpoint
CREATE INDEX "store_name_list_idx" ON "store" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "voucher_history_company_id_at_list_idx" ON "voucher_history" USING btree ("company_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "voucher_history_brand_id_at_list_idx" ON "voucher_history" USING btree ("brand_id","at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "voucher_history_at_list_idx" ON "voucher_history" USING btree ("at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "voucher_packs_company_id_create_time_list_idx" ON "voucher_packs" USING btree ("company_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "voucher_packs_brand_id_create_time_list_idx" ON "voucher_packs" USING btree ("brand_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "voucher_packs_create_time_list_idx" ON "voucher_packs" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "vouchers_company_id_create_time_list_idx" ON "vouchers" USING btree ("company_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "vouchers_brand_id_create_time_list_idx" ON "vouchers" USING btree ("brand_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "vouchers_create_time_list_idx" ON "vouchers" USING btree ("create_time" DESC NULLS FIRST,"id");