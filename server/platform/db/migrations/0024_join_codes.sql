CREATE TABLE "join_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"programme_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "join_codes_mobile_unique" UNIQUE("mobile")
);
--> statement-breakpoint
ALTER TABLE "join_codes" ADD CONSTRAINT "join_codes_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_codes" ADD CONSTRAINT "join_codes_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_codes" ADD CONSTRAINT "join_codes_programme_id_stamp_card_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."stamp_card"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "join_codes_expires_idx" ON "join_codes" USING btree ("expires_at");