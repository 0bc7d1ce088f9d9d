CREATE TABLE "member_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"member_mobile" varchar(20) NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"body" text NOT NULL,
	"url" text,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"provider" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pocket_links" (
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"company_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pocket_links_kind_record_id_pk" PRIMARY KEY("kind","record_id")
);
--> statement-breakpoint
ALTER TABLE "member_cards" ADD COLUMN "code" text;--> statement-breakpoint
-- every card issued before codes existed gets one: 10 characters of the voucher codes' alphabet, from
-- gen_random_uuid()'s random bytes (the first 5 bytes of two UUIDs), worked out per row
UPDATE "member_cards" SET "code" = (
  SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + get_byte(r.b, i) % 31, 1), '' ORDER BY i)
  FROM (SELECT decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex') AS b) r,
    generate_series(0, 20) AS i
  WHERE (i < 5 OR i >= 16) AND "member_cards"."id" IS NOT NULL
);--> statement-breakpoint
ALTER TABLE "member_cards" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "member_messages" ADD CONSTRAINT "member_messages_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pocket_links" ADD CONSTRAINT "pocket_links_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_messages_queued_idx" ON "member_messages" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "member_messages_member_idx" ON "member_messages" USING btree ("member_mobile","id");--> statement-breakpoint
CREATE INDEX "member_messages_company_idx" ON "member_messages" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_code_uq" ON "member_cards" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "member_cards_code_trgm_idx" ON "member_cards" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_code_max_ck" CHECK (char_length("member_cards"."code") <= 32);