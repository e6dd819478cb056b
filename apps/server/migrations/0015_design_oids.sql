ALTER TABLE "fields" ADD COLUMN "odm_code_list" jsonb;--> statement-breakpoint
ALTER TABLE "form_fields" ADD COLUMN "oid" text;--> statement-breakpoint
ALTER TABLE "form_fields" ADD COLUMN "odm_item" jsonb;--> statement-breakpoint
ALTER TABLE "form_sections" ADD COLUMN "oid" text;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "oid" text;--> statement-breakpoint
ALTER TABLE "research_versions" ADD COLUMN "study_oid" text;--> statement-breakpoint
ALTER TABLE "research_versions" ADD COLUMN "mdv_oid" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "oid" text;