import { Group, Paper, Stack, Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { canWriteConfig, RUM_SITE_KINDS, VITAL_NAMES, type RumSiteKind, type VitalName } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { RoutedTabs, useRoutedTab } from '@/components/routed-tabs';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useRumSites } from '@/features/rum/api/get-rum-sites';
import { ActiveFilters } from '@/features/rum/components/active-filters';
import { AlertsPanel } from '@/features/rum/components/alerts-panel';
import { ErrorsPanel } from '@/features/rum/components/errors-panel';
import { KIND_LABEL } from '@/features/rum/components/kind-label';
import { SitePicker } from '@/features/rum/components/site-picker';
import { SitesPanel } from '@/features/rum/components/sites-panel';
import { WindowPicker } from '@/features/rum/components/window-picker';
import { useRumFilters } from '@/features/rum/hooks/use-rum-filters';
import { PerformanceSection } from './performance-section';
import { SessionsSection } from './sessions-section';

type Section = { route: 'performance' | 'errors' | 'sessions' | 'alerts' | 'sites'; label: string };
const SECTIONS: readonly [Section, ...Section[]] = [
  { route: 'performance', label: 'Performance' },
  { route: 'errors', label: 'Errors' },
  { route: 'sessions', label: 'Sessions' },
  { route: 'alerts', label: 'Alerts' },
  { route: 'sites', label: 'Sites' },
];

/**
 * Real-user monitoring (spec 000 §2.13): a tab for app sites and one for websites, each showing one
 * of its sites over a window (both in the URL) in sections: vitals and what slows pages, errors,
 * sessions with their journeys, alerts, and the sites themselves with their snippet and source maps.
 */
export function RumPage({ kind }: { kind: RumSiteKind }) {
  const user = useCurrentUser();
  const writer = user ? canWriteConfig(user) : false;
  const timezone = user?.timezone ?? null;
  const navigate = useNavigate();
  const { search } = useLocation();
  const sites = useRumSites();
  const f = useRumFilters(kind, sites.data);
  const { tab, open } = useRoutedTab(SECTIONS);
  const vitalParam = new URLSearchParams(search).get('vital');
  const vital: VitalName = VITAL_NAMES.includes(vitalParam as VitalName) ? (vitalParam as VitalName) : 'LCP';

  const switchKind = (k: string | null) => {
    if (!k || k === kind) return;
    // The other tab has its own sites: keep the window, not the site or the filters.
    const keep = new URLSearchParams(search);
    const next = new URLSearchParams();
    if (keep.get('window')) next.set('window', keep.get('window')!);
    void navigate({ pathname: paths.rum.tab(k as RumSiteKind, tab.route), search: next.toString() });
  };

  const body = () => {
    if (sites.isError) return <ErrorPanel onRetry={() => void sites.refetch()} />;
    if (!sites.data) return <CardSkeleton height={320} />;
    // Without a site of this kind there is nothing to show but the sites themselves.
    if (tab.route === 'sites' || !f.site) {
      return (
        <SitesPanel kind={kind} sites={f.sites} loading={sites.isLoading} writer={writer} timezone={timezone} onCreated={(s) => f.update({ site: s.id })} />
      );
    }
    switch (tab.route) {
      case 'performance':
        return <PerformanceSection query={f.query} vital={vital} onVital={(v) => f.update({ vital: v })} onFilter={(k, v) => f.update({ [k]: v })} />;
      case 'errors':
        return (
          <Paper withBorder p="md">
            <ErrorsPanel query={f.query} />
          </Paper>
        );
      case 'sessions':
        return <SessionsSection kind={kind} query={f.query} siteId={f.site.id} timezone={timezone} />;
      case 'alerts':
        return (
          <Paper withBorder p="md">
            <AlertsPanel site={f.site} writer={writer} />
          </Paper>
        );
    }
  };

  return (
    <>
      <PageHeader
        title="Real-user monitoring"
        subtitle="How real users experience the sites and apps: Core Web Vitals, errors and sessions from their browsers"
        actions={
          <Group gap="sm" wrap="nowrap">
            {f.sites.length > 0 && <SitePicker sites={f.sites} value={f.site?.id ?? null} label={KIND_LABEL[kind]} onChange={(id) => f.update({ site: id })} />}
            <WindowPicker value={f.windowKey} onChange={(w) => f.update({ window: w })} />
          </Group>
        }
      />
      <Tabs value={kind} onChange={switchKind} mb="md" variant="outline">
        <Tabs.List>
          {RUM_SITE_KINDS.slice()
            .reverse()
            .map((k) => (
              <Tabs.Tab key={k} value={k}>
                {KIND_LABEL[k]}
              </Tabs.Tab>
            ))}
        </Tabs.List>
      </Tabs>
      <RoutedTabs tabs={SECTIONS} value={tab.route} onChange={open}>
        <Stack gap="md">
          <ActiveFilters filters={f.filters} onClear={(k) => f.update({ [k]: null })} />
          {body()}
        </Stack>
      </RoutedTabs>
    </>
  );
}
