CREATE TABLE "time_deviations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"time_point_id" uuid NOT NULL,
	"start_time_point_id" uuid NOT NULL,
	"deviation" text NOT NULL,
	"deviation_plus" text NOT NULL,
	"deviation_minus" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "time_points" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"form_field_id" uuid NOT NULL,
	"duration" text NOT NULL,
	"description" text,
	"is_visit_start_point" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "time_deviations" ADD CONSTRAINT "time_deviations_time_point_id_time_points_id_fk" FOREIGN KEY ("time_point_id") REFERENCES "public"."time_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_deviations" ADD CONSTRAINT "time_deviations_start_time_point_id_time_points_id_fk" FOREIGN KEY ("start_time_point_id") REFERENCES "public"."time_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_points" ADD CONSTRAINT "time_points_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_points" ADD CONSTRAINT "time_points_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_points" ADD CONSTRAINT "time_points_form_field_id_form_fields_id_fk" FOREIGN KEY ("form_field_id") REFERENCES "public"."form_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_deviations_point_idx" ON "time_deviations" USING btree ("time_point_id");--> statement-breakpoint
CREATE INDEX "time_deviations_start_idx" ON "time_deviations" USING btree ("start_time_point_id");--> statement-breakpoint
CREATE INDEX "time_points_visit_idx" ON "time_points" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_points_field_uq" ON "time_points" USING btree ("form_field_id") WHERE "time_points"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "time_points_start_uq" ON "time_points" USING btree ("visit_id") WHERE "time_points"."deleted_at" is null and "time_points"."is_visit_start_point";