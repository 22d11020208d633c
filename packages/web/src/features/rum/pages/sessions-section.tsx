import { Button, Paper } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { RumSiteKind } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { paths } from '@/paths';
import { useRumSession, type RumPageQuery } from '@/features/rum/api/get-rum-analytics';
import { SessionJourney } from '@/features/rum/components/session-journey';
import { SessionsPanel } from '@/features/rum/components/sessions-panel';

interface SessionsSectionProps {
  kind: RumSiteKind;
  query: RumPageQuery;
  siteId: string;
  timezone: string | null;
}

/** The sessions of the window, or one session's journey when the URL names it (sessions/{id}). */
export function SessionsSection({ kind, query, siteId, timezone }: SessionsSectionProps) {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const sessionId = rest.startsWith('sessions/') ? decodeURIComponent(rest.slice('sessions/'.length).replace(/\/+$/, '')) : '';
  if (!sessionId) {
    return (
      <Paper withBorder p="md">
        <SessionsPanel query={query} onOpen={(id) => void navigate({ pathname: paths.rum.session(kind, id), search })} />
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={14} />}
        mb="sm"
        onClick={() => void navigate({ pathname: paths.rum.tab(kind, 'sessions'), search })}
      >
        All sessions
      </Button>
      <Journey siteId={siteId} sessionId={sessionId} timezone={timezone} />
    </Paper>
  );
}

function Journey({ siteId, sessionId, timezone }: { siteId: string; sessionId: string; timezone: string | null }) {
  const session = useRumSession(siteId, sessionId);
  if (session.isError) return <ErrorPanel onRetry={() => void session.refetch()} />;
  if (!session.data) return <CardSkeleton height={240} />;
  return <SessionJourney detail={session.data} timezone={timezone} />;
}
