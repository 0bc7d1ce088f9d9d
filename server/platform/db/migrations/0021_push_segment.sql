ALTER TABLE "push" DROP CONSTRAINT "push_audience_in_ck";--> statement-breakpoint
ALTER TABLE "push" ADD COLUMN "segment_id" integer;--> statement-breakpoint
ALTER TABLE "push" ADD COLUMN "segment_filter" jsonb;--> statement-breakpoint
ALTER TABLE "push" ADD CONSTRAINT "push_segment_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_segment_id_idx" ON "push" USING btree ("segment_id");--> statement-breakpoint
CREATE INDEX "push_segment_id_create_time_list_idx" ON "push" USING btree ("segment_id","create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
ALTER TABLE "push" ADD CONSTRAINT "push_audience_in_ck" CHECK ("push"."audience" in ('ALL_MEMBERS', 'BRAND', 'STORE', 'MEMBER', 'SEGMENT'));