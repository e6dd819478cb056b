CREATE TABLE "rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"research_organisation_id" uuid,
	"form_id" uuid NOT NULL,
	"form_field_id" uuid NOT NULL,
	"rule_type" text NOT NULL,
	"message" text,
	"expression" text NOT NULL,
	"related_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_validate" boolean DEFAULT false NOT NULL,
	"is_tested" boolean DEFAULT false NOT NULL,
	"last_result" jsonb,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subject_form_fields" ADD COLUMN "rule_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "item_notes" ADD COLUMN "rule_id" uuid;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_research_organisation_id_research_organisations_id_fk" FOREIGN KEY ("research_organisation_id") REFERENCES "public"."research_organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_form_field_id_form_fields_id_fk" FOREIGN KEY ("form_field_id") REFERENCES "public"."form_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rules_research_created_idx" ON "rules" USING btree ("research_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "rules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "rules_form_field_idx" ON "rules" USING btree ("form_field_id") WHERE "rules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "rules_form_idx" ON "rules" USING btree ("form_id") WHERE "rules"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_notes_rule_idx" ON "item_notes" USING btree ("rule_id","subject_form_field_id");