CREATE TABLE "user_group_held_members" (
	"group_id" uuid NOT NULL,
	"held_invitation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_group_held_members_group_id_held_invitation_id_pk" PRIMARY KEY("group_id","held_invitation_id")
);
--> statement-breakpoint
ALTER TABLE "user_group_held_members" ADD CONSTRAINT "user_group_held_members_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_held_members" ADD CONSTRAINT "user_group_held_members_held_invitation_id_held_invitations_id_fk" FOREIGN KEY ("held_invitation_id") REFERENCES "public"."held_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_group_held_members_held_idx" ON "user_group_held_members" USING btree ("held_invitation_id");