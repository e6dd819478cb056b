CREATE TABLE "research_organisation_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_organisation_id" uuid NOT NULL,
	"research_version_id" uuid NOT NULL,
	"protocol_version_id" uuid NOT NULL,
	"started_date" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_reference_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"form_type_id" uuid NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organisation_reference_ranges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_reference_group_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"min_reference" numeric NOT NULL,
	"max_reference" numeric NOT NULL,
	"min_age" integer NOT NULL,
	"max_age" integer NOT NULL,
	"gender" text NOT NULL,
	"error_message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reference_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_organisation_id" uuid NOT NULL,
	"form_type_id" uuid NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date,
	"is_locked" boolean DEFAULT false NOT NULL,
	"organisation_reference_group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reference_ranges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference_group_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"min_reference" numeric NOT NULL,
	"max_reference" numeric NOT NULL,
	"min_age" integer NOT NULL,
	"max_age" integer NOT NULL,
	"gender" text NOT NULL,
	"error_message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "research_organisation_versions" ADD CONSTRAINT "research_organisation_versions_research_organisation_id_research_organisations_id_fk" FOREIGN KEY ("research_organisation_id") REFERENCES "public"."research_organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_organisation_versions" ADD CONSTRAINT "research_organisation_versions_research_version_id_research_versions_id_fk" FOREIGN KEY ("research_version_id") REFERENCES "public"."research_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_organisation_versions" ADD CONSTRAINT "research_organisation_versions_protocol_version_id_protocol_versions_id_fk" FOREIGN KEY ("protocol_version_id") REFERENCES "public"."protocol_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_organisation_versions" ADD CONSTRAINT "research_organisation_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_reference_groups" ADD CONSTRAINT "organisation_reference_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_reference_groups" ADD CONSTRAINT "organisation_reference_groups_form_type_id_form_types_id_fk" FOREIGN KEY ("form_type_id") REFERENCES "public"."form_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_reference_ranges" ADD CONSTRAINT "organisation_reference_ranges_organisation_reference_group_id_organisation_reference_groups_id_fk" FOREIGN KEY ("organisation_reference_group_id") REFERENCES "public"."organisation_reference_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_reference_ranges" ADD CONSTRAINT "organisation_reference_ranges_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_groups" ADD CONSTRAINT "reference_groups_research_organisation_id_research_organisations_id_fk" FOREIGN KEY ("research_organisation_id") REFERENCES "public"."research_organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_groups" ADD CONSTRAINT "reference_groups_form_type_id_form_types_id_fk" FOREIGN KEY ("form_type_id") REFERENCES "public"."form_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_groups" ADD CONSTRAINT "reference_groups_organisation_reference_group_id_organisation_reference_groups_id_fk" FOREIGN KEY ("organisation_reference_group_id") REFERENCES "public"."organisation_reference_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_ranges" ADD CONSTRAINT "reference_ranges_reference_group_id_reference_groups_id_fk" FOREIGN KEY ("reference_group_id") REFERENCES "public"."reference_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_ranges" ADD CONSTRAINT "reference_ranges_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_organisation_versions_centre_idx" ON "research_organisation_versions" USING btree ("research_organisation_id","started_date");--> statement-breakpoint
CREATE UNIQUE INDEX "research_organisation_versions_uq" ON "research_organisation_versions" USING btree ("research_organisation_id","research_version_id");--> statement-breakpoint
CREATE INDEX "organisation_reference_groups_org_idx" ON "organisation_reference_groups" USING btree ("organisation_id","form_type_id") WHERE "organisation_reference_groups"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "organisation_reference_ranges_group_idx" ON "organisation_reference_ranges" USING btree ("organisation_reference_group_id");--> statement-breakpoint
CREATE INDEX "reference_groups_centre_idx" ON "reference_groups" USING btree ("research_organisation_id","form_type_id") WHERE "reference_groups"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reference_ranges_group_idx" ON "reference_ranges" USING btree ("reference_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_inn_live_uq" ON "organisations" USING btree ("inn") WHERE "organisations"."deleted_at" is null and "organisations"."inn" is not null;