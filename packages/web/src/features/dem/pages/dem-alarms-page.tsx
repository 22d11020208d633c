import { Anchor, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { canManageTenant } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useDemAlarms } from '@/features/dem/api/get-dem-alarms';
import { AlarmsTable } from '@/features/dem/components/alarms-table';

/**
 * DEM › Alarms: each time an endpoint's experience of an application fell under the application's
 * alarm score (with the cause) or came back. They are the alarms module's own: the bell shows
 * them and the notification channels send them, which owners and admins reach from here.
 */
export function DemAlarmsPage() {
  const user = useCurrentUser();
  const alarms = useDemAlarms();
  return (
    <>
      <PageHeader
        title="DEM alarms"
        subtitle="When a user's experience of an application fell under its alarm score, and when it recovered"
        actions={
          user &&
          canManageTenant(user) && (
            <Text size="sm">
              <Anchor component={Link} to={paths.dem.notifications}>
                Where alarms are sent
              </Anchor>
            </Text>
          )
        }
      />
      <Paper withBorder p="md">
        {alarms.isError ? (
          <ErrorPanel onRetry={() => void alarms.refetch()} />
        ) : (
          <AlarmsTable alarms={alarms.data?.results ?? []} loading={alarms.isLoading} timezone={user?.timezone ?? null} />
        )}
      </Paper>
    </>
  );
}
