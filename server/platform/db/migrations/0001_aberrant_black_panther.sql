CREATE TABLE "main_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"banner" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stamp_card_default_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stamp_card_default_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'SGD' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_group_members" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "user_group_members_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "user_group_permissions" (
	"group_id" integer NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	CONSTRAINT "user_group_permissions_group_id_resource_action_pk" PRIMARY KEY("group_id","resource","action"),
	CONSTRAINT "user_group_permissions_action_ck" CHECK ("user_group_permissions"."action" in ('VIEW', 'UPDATE', 'ADD'))
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"company_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_groups_type_ck" CHECK ("user_groups"."type" in ('OPERATOR', 'MERCHANT'))
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" integer NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	CONSTRAINT "user_permissions_user_id_resource_action_pk" PRIMARY KEY("user_id","resource","action"),
	CONSTRAINT "user_permissions_action_ck" CHECK ("user_permissions"."action" in ('VIEW', 'UPDATE', 'ADD'))
);
--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_permissions" ADD CONSTRAINT "user_group_permissions_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "main_configs_country_uq" ON "main_configs" USING btree ("country");--> statement-breakpoint
CREATE INDEX "user_group_members_group_idx" ON "user_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_scope_name_uq" ON "user_groups" USING btree ("type",coalesce("company_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "user_groups_company_idx" ON "user_groups" USING btree ("company_id");