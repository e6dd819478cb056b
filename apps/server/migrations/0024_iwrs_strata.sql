CREATE TABLE "iwrs_stratification" (
	"research_id" uuid PRIMARY KEY NOT NULL,
	"form_field_id" uuid NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iwrs_stratification" ADD CONSTRAINT "iwrs_stratification_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iwrs_stratification" ADD CONSTRAINT "iwrs_stratification_form_field_id_form_fields_id_fk" FOREIGN KEY ("form_field_id") REFERENCES "public"."form_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iwrs_stratification" ADD CONSTRAINT "iwrs_stratification_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
