CREATE TABLE "wallet_pass_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"push_token" text NOT NULL,
	"pass_type_id" text NOT NULL,
	"member_card_id" integer NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"provider" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_pass_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_library_id" text NOT NULL,
	"pass_type_id" text NOT NULL,
	"member_card_id" integer NOT NULL,
	"push_token" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_pass_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"info" jsonb,
	"updated_by" integer,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_pass_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_card_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_passes" (
	"member_card_id" integer PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_pass_registrations" ADD CONSTRAINT "wallet_pass_registrations_member_card_id_member_cards_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pass_tokens" ADD CONSTRAINT "wallet_pass_tokens_member_card_id_member_cards_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_member_card_id_member_cards_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_pass_notices_state_idx" ON "wallet_pass_notices" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_pass_registrations_device_pass" ON "wallet_pass_registrations" USING btree ("device_library_id","pass_type_id","member_card_id");--> statement-breakpoint
CREATE INDEX "wallet_pass_registrations_card_idx" ON "wallet_pass_registrations" USING btree ("member_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_pass_tokens_hash" ON "wallet_pass_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "wallet_pass_tokens_card_idx" ON "wallet_pass_tokens" USING btree ("member_card_id");