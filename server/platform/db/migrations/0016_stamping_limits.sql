ALTER TABLE "stamp_card" ADD COLUMN "max_stamps_per_member_per_day" integer;--> statement-breakpoint
ALTER TABLE "stamp_card" ADD COLUMN "min_minutes_between_stamps" integer;--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_max_stamps_per_member_per_day_min_ck" CHECK ("stamp_card"."max_stamps_per_member_per_day" >= 1);--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_max_stamps_per_member_per_day_max_ck" CHECK ("stamp_card"."max_stamps_per_member_per_day" <= 1000);--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_min_minutes_between_stamps_min_ck" CHECK ("stamp_card"."min_minutes_between_stamps" >= 1);--> statement-breakpoint
ALTER TABLE "stamp_card" ADD CONSTRAINT "stamp_card_min_minutes_between_stamps_max_ck" CHECK ("stamp_card"."min_minutes_between_stamps" <= 10080);