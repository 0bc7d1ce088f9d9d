CREATE TABLE "system_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"description" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_config_key_in_ck" CHECK ("system_config"."key" in ('supportEmail', 'supportPhone', 'supportHours')),
	CONSTRAINT "system_config_value_max_ck" CHECK (char_length("system_config"."value") <= 500),
	CONSTRAINT "system_config_description_max_ck" CHECK (char_length("system_config"."description") <= 200)
);
--> statement-breakpoint
CREATE INDEX "system_config_create_time_idx" ON "system_config" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "system_config_key_list_idx" ON "system_config" USING btree ("key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "system_config_key_uq" ON "system_config" USING btree ("key");--> statement-breakpoint
CREATE INDEX "system_config_value_trgm_idx" ON "system_config" USING gin ("value" gin_trgm_ops);