-- Issue 40 item 2: a card keeps the terms it was issued under, a voucher whether it may be given away.
-- The cards and vouchers already issued take their programme's and pack's terms as they are now.
ALTER TABLE "member_cards" ADD COLUMN "stamps_required" integer;--> statement-breakpoint
ALTER TABLE "member_cards" ADD COLUMN "max_stamps_per_transaction" integer;--> statement-breakpoint
ALTER TABLE "member_cards" ADD COLUMN "max_stamps_per_member_per_day" integer;--> statement-breakpoint
ALTER TABLE "member_cards" ADD COLUMN "min_minutes_between_stamps" integer;--> statement-breakpoint
ALTER TABLE "member_cards" ADD COLUMN "reward_voucher_pack_id" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "giftable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "member_cards" c SET "stamps_required" = p."stamps_required",
  "max_stamps_per_transaction" = p."max_stamps_per_transaction",
  "max_stamps_per_member_per_day" = p."max_stamps_per_member_per_day",
  "min_minutes_between_stamps" = p."min_minutes_between_stamps",
  "reward_voucher_pack_id" = p."reward_voucher_pack_id"
FROM "stamp_card" p WHERE p."id" = c."stamp_card_id";--> statement-breakpoint
UPDATE "vouchers" v SET "giftable" = p."giftable" FROM "voucher_packs" p WHERE p."id" = v."voucher_pack_id";--> statement-breakpoint
ALTER TABLE "member_cards" ALTER COLUMN "stamps_required" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "member_cards" ALTER COLUMN "max_stamps_per_transaction" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_reward_voucher_pack_id_fk" FOREIGN KEY ("reward_voucher_pack_id") REFERENCES "public"."voucher_packs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_cards_reward_voucher_pack_id_idx" ON "member_cards" USING btree ("reward_voucher_pack_id");--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_stamps_required_min_ck" CHECK ("member_cards"."stamps_required" >= 1);--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_stamps_required_max_ck" CHECK ("member_cards"."stamps_required" <= 50);--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_max_stamps_per_transaction_min_ck" CHECK ("member_cards"."max_stamps_per_transaction" >= 1);--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_max_stamps_per_transaction_max_ck" CHECK ("member_cards"."max_stamps_per_transaction" <= 50);--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_max_stamps_per_member_per_day_min_ck" CHECK ("member_cards"."max_stamps_per_member_per_day" >= 1);--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_max_stamps_per_member_per_day_max_ck" CHECK ("member_cards"."max_stamps_per_member_per_day" <= 1000);--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_min_minutes_between_stamps_min_ck" CHECK ("member_cards"."min_minutes_between_stamps" >= 1);--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_min_minutes_between_stamps_max_ck" CHECK ("member_cards"."min_minutes_between_stamps" <= 10080);