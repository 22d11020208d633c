import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Paper } from '@mantine/core';
import { IconDevicesPc, IconPlus } from '@tabler/icons-react';
import { canWriteConfig, PROFILE_KIND_LABELS, PROFILE_KINDS, type EndpointProfile, type ProfileKind } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { NamedModal } from '@/components/dialogs/named-modal';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { RoutedTabs } from '@/components/routed-tabs';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useDeleteEndpointProfile } from '@/features/ztna-profiles/api/delete-endpoint-profile';
import { useEndpointProfiles } from '@/features/ztna-profiles/api/get-endpoint-profiles';
import { useRelays } from '@/features/ztna-profiles/api/get-relays';
import { ProfileForm } from '@/features/ztna-profiles/components/profile-form';
import { ProfilesTable } from '@/features/ztna-profiles/components/profiles-table';

type Editing = { profile?: EndpointProfile } | null;
const isKind = (v: string | null): v is ProfileKind => (PROFILE_KINDS as readonly (string | null)[]).includes(v);

/**
 * MicroZAccess › Endpoint Profiles (spec 000 §2.16): the Classic ZTNA and Dev App profiles a
 * client connects with, the default 'mza' among them; editors and up create, edit and delete.
 */
export function EndpointProfilesPage() {
  const user = useCurrentUser();
  const profiles = useEndpointProfiles();
  const relays = useRelays();
  const remove = useDeleteEndpointProfile();
  const [params, setParams] = useSearchParams();
  const kind: ProfileKind = isKind(params.get('kind')) ? (params.get('kind') as ProfileKind) : 'classic';
  const [editing, setEditing] = useState<Editing>(null);
  const relayNames = useMemo(() => new Map((relays.data ?? []).map((r) => [r.id, r.name])), [relays.data]);
  const onDelete = useCallback(
    async (p: EndpointProfile) => {
      if (!(await confirm({ title: `Delete profile '${p.name}'?`, message: 'Its endpoints get their group’s profile or the default one.', danger: true })))
        return;
      remove.mutate(p.id, { onSuccess: () => toast.deleted('Profile'), onError: (e) => toast.error(formErrorMessage(e)) });
    },
    [remove],
  );
  const onEdit = useCallback((p: EndpointProfile) => setEditing({ profile: p }), []);
  if (!user) return null;
  const writer = canWriteConfig(user);
  const close = () => setEditing(null);
  const shown = (profiles.data ?? []).filter((p) => p.kind === kind);
  const label = PROFILE_KIND_LABELS[kind];

  return (
    <>
      <ConfigPageHeader
        title="Endpoint Profiles"
        subtitle="What a MicroZAccess client connects to, its DNS and routes, and the resources it offers"
        onRefresh={() => void profiles.refetch()}
        refreshing={profiles.isFetching}
        actions={
          <>
            <Button component={Link} to={paths.ztna.profileAssignments} variant="default" leftSection={<IconDevicesPc size={16} />}>
              Endpoint assignments
            </Button>
            {writer && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
                Create Profile
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder p="md">
        <RoutedTabs
          tabs={PROFILE_KINDS.map((k) => ({ route: k, label: PROFILE_KIND_LABELS[k] }))}
          value={kind}
          onChange={(v) => isKind(v) && setParams({ kind: v })}
        >
          {profiles.isError ? (
            <ErrorPanel onRetry={() => void profiles.refetch()} />
          ) : (
            <ProfilesTable
              label={`${label} profiles`}
              profiles={shown}
              relayNames={relayNames}
              loading={profiles.isLoading}
              writer={writer}
              onEdit={onEdit}
              onDelete={(p) => void onDelete(p)}
              emptyState={
                <EmptyState
                  title={`No ${label} profiles yet`}
                  description={writer ? 'Create one to give some endpoints or groups their own overlay servers, DNS and routes.' : undefined}
                />
              }
            />
          )}
        </RoutedTabs>
      </Paper>
      <NamedModal opened={editing !== null} onClose={close} size="xl" centered name={editing?.profile ? 'Edit profile' : 'Create Profile'}>
        {editing && (
          <>
            <ModalHeader title={editing.profile ? `Edit profile: ${editing.profile.name}` : 'Create Profile'} onClose={close} />
            <ProfileForm profile={editing.profile} kind={kind} onDone={close} />
          </>
        )}
      </NamedModal>
    </>
  );
}
