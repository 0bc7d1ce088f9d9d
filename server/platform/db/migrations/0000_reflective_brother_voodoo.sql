CREATE TABLE "email_action_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_action_tokens_kind_ck" CHECK ("email_action_tokens"."kind" in ('activeEmail', 'forgetPwd'))
);
--> statement-breakpoint
CREATE TABLE "login_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"link" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"successor_sealed" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"mobile" text,
	"password_hash" text,
	"type" text DEFAULT 'MERCHANT' NOT NULL,
	"state" text DEFAULT 'ENABLE' NOT NULL,
	"signup_state" text DEFAULT 'SUBMITTED' NOT NULL,
	"company_id" integer,
	"brand_id" integer,
	"store_id" integer,
	"country" text DEFAULT 'sg' NOT NULL,
	"must_reset_password" boolean DEFAULT false NOT NULL,
	"invitation_type" text DEFAULT 'BLANK' NOT NULL,
	"invited_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower_ck" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_type_ck" CHECK ("users"."type" in ('OPERATOR', 'MERCHANT')),
	CONSTRAINT "users_state_ck" CHECK ("users"."state" in ('ENABLE', 'DISABLE', 'LOCK', 'DELETE', 'WAIT_EMAIL_ACTIVE')),
	CONSTRAINT "users_signup_state_ck" CHECK ("users"."signup_state" in ('SUBMITTED', 'APPROVAL')),
	CONSTRAINT "users_invitation_type_ck" CHECK ("users"."invitation_type" in ('BLANK', 'MERCHANT_INVITE_MERCHANT', 'OPERATOR_INVITE_OPERATOR', 'OPERATOR_INVITE_MERCHANT'))
);
--> statement-breakpoint
ALTER TABLE "email_action_tokens" ADD CONSTRAINT "email_action_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_sessions" ADD CONSTRAINT "login_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_login_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."login_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_action_tokens_hash_uq" ON "email_action_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_action_tokens_user_idx" ON "email_action_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_sessions_user_idx" ON "login_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "users_create_time_idx" ON "users" USING btree ("create_time");