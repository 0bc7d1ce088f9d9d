CREATE TABLE "maintenance_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"message" text NOT NULL,
	"country" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_config_message_max_ck" CHECK (char_length("maintenance_config"."message") <= 500),
	CONSTRAINT "maintenance_config_country_max_ck" CHECK (char_length("maintenance_config"."country") <= 2),
	CONSTRAINT "maintenance_config_country_min_ck" CHECK (char_length("maintenance_config"."country") >= 2)
);
--> statement-breakpoint
CREATE INDEX "maintenance_config_create_time_idx" ON "maintenance_config" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "maintenance_config_start_at_list_idx" ON "maintenance_config" USING btree ("start_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "maintenance_config_start_at_idx" ON "maintenance_config" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "maintenance_config_end_at_idx" ON "maintenance_config" USING btree ("end_at");--> statement-breakpoint
CREATE INDEX "maintenance_config_country_idx" ON "maintenance_config" USING btree ("country");--> statement-breakpoint
CREATE INDEX "maintenance_config_enabled_idx" ON "maintenance_config" USING btree ("enabled");