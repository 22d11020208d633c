import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { WafApplication } from '@netloom/domain';
import { paths } from '@/paths';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { useChosenApplication } from '@/features/waf/hooks/use-chosen-application';
import { ApplicationPicker } from './application-picker';

interface PolicyPageFrameProps {
  title: string;
  subtitle: string;
  children: (application: WafApplication) => ReactNode;
}

/** A page about one application's policy: its header, the application picker, and the states before there is one. */
export function PolicyPageFrame({ title, subtitle, children }: PolicyPageFrameProps) {
  const { applications, application, setApplication } = useChosenApplication();
  let body: ReactNode;
  if (applications.isError) body = <ErrorPanel onRetry={() => void applications.refetch()} />;
  else if (applications.isLoading) body = <CardSkeleton height={300} />;
  else if (!application)
    body = (
      <Paper withBorder>
        <EmptyState
          title="No application protected yet"
          description="Onboard an application first: its policy is edited here."
          action={
            <Button component={Link} to={paths.waf.onboard}>
              Onboard an application
            </Button>
          }
        />
      </Paper>
    );
  else body = children(application);
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Stack gap="md">
        {application && (
          <Group>
            <ApplicationPicker applications={applications.data ?? []} value={application.id} onChange={setApplication} />
          </Group>
        )}
        {body}
      </Stack>
    </>
  );
}
