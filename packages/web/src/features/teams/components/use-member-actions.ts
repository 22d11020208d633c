import { useCallback } from 'react';
import type { Role, TeamUser } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useChangeUserRole } from '@/features/teams/api/change-user-role';
import { useRemoveUser } from '@/features/teams/api/remove-user';
import { useResendInvitation } from '@/features/teams/api/resend-invitation';
import { useSetUserActive } from '@/features/teams/api/set-user-active';

/** What can be done to a member, each with its toast; server refusals (last owner…) show their message. */
export function useMemberActions() {
  const resend = useResendInvitation();
  const setActive = useSetUserActive();
  const changeRole = useChangeUserRole();
  const remove = useRemoveUser();
  const fail = (e: unknown) => toast.error(formErrorMessage(e));

  return {
    resend: useCallback((u: TeamUser) => resend.mutate(u.id, { onSuccess: () => toast.info(`Invitation sent again to ${u.email}`), onError: fail }), [resend]),
    setActive: useCallback(
      (u: TeamUser, active: boolean) => setActive.mutate({ id: u.id, active }, { onSuccess: () => toast.edited('User'), onError: fail }),
      [setActive],
    ),
    changeRole: useCallback(
      (u: TeamUser, role: Role) => changeRole.mutate({ id: u.id, role }, { onSuccess: () => toast.edited('User'), onError: fail }),
      [changeRole],
    ),
    remove: useCallback(
      async (u: TeamUser) => {
        const ok = await confirm({
          title: 'Remove user',
          message: `Remove ${u.email} from the organisation? Their sessions end at once.`,
          confirmLabel: 'Remove',
          cancelLabel: 'Cancel',
          danger: true,
        });
        if (ok) remove.mutate(u.id, { onSuccess: () => toast.deleted('User'), onError: fail });
      },
      [remove],
    ),
    busy: changeRole.isPending || setActive.isPending || remove.isPending,
  };
}
