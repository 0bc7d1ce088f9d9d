ALTER TABLE "login_sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "login_sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "login_sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failed_sign_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_at" timestamp with time zone;