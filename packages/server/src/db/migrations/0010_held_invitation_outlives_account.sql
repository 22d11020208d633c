ALTER TABLE "held_invitations" DROP CONSTRAINT "held_invitations_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "held_invitations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "held_invitations" ADD CONSTRAINT "held_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;