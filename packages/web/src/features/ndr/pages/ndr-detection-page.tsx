import { Anchor, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ERROR_CODES, canWriteConfig, mitreTactic, mitreTechniqueTitle } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/http/api-error';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useNdrDetection } from '@/features/ndr/api/get-ndr-detection';
import { ActionsTable } from '@/features/ndr/components/actions-table';
import { DetectionFacts } from '@/features/ndr/components/detection-facts';
import { DnsRecordsTable, EvidenceRefsTable, FlowRecordsTable, IdsRecordsTable } from '@/features/ndr/components/record-tables';
import { ResponseButtons } from '@/features/ndr/components/response-forms';
import { SeverityBadge } from '@/features/ndr/components/severity-badge';
import { MitreLinks } from '@/features/ndr/components/tactic-links';
import { TriagePanel } from '@/features/ndr/components/triage-panel';

function Section({ title, children, extra }: { title: string; children: React.ReactNode; extra?: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {extra}
      </Group>
      {children}
    </Paper>
  );
}

/**
 * One detection: what its rule looks for, its ATT&CK tactics and techniques, the figures and
 * records that raised it with the store's records of its host around it, its triage, and the
 * response taken (quarantine the host, block the destination, undo).
 */
export function NdrDetectionPage() {
  const { detectionId = '' } = useParams();
  const user = useCurrentUser();
  const timezone = user?.timezone ?? null;
  const writer = user ? canWriteConfig(user) : false;
  const detection = useNdrDetection(detectionId);
  const d = detection.data;
  if (isApiError(detection.error) && detection.error.code === ERROR_CODES.notFound)
    return (
      <EmptyState
        title="No such detection"
        action={
          <Anchor component={Link} to={paths.ndr.detections}>
            Back to the detections
          </Anchor>
        }
      />
    );
  if (detection.isError) return <ErrorPanel onRetry={() => void detection.refetch()} />;
  if (!d) return <CardSkeleton height={320} />;
  const tactics = d.tactics.map((id) => ({ id, name: mitreTactic(id).name }));
  const techniques = d.techniques.map((id) => ({ id, name: mitreTechniqueTitle(id) }));
  const { records } = d;
  return (
    <>
      <PageHeader
        title={d.title}
        subtitle={d.summary}
        actions={
          <Group gap="xs" wrap="nowrap">
            <SeverityBadge severity={d.severity} size="lg" />
            <Anchor component={Link} to={paths.ndr.detections} size="sm">
              All detections
            </Anchor>
          </Group>
        }
      />
      <Stack gap="md">
        <Section title="Detection">
          <DetectionFacts detection={d} timezone={timezone} />
        </Section>
        <Section title="Rule">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {d.rule_name}
            </Text>
            <Text size="sm">{d.rule.explanation}</Text>
            <Group gap="xl" align="flex-start">
              <div>
                <Text size="xs" c="dimmed">
                  ATT&CK tactics
                </Text>
                <MitreLinks items={tactics} label="ATT&CK tactics" />
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  ATT&CK techniques
                </Text>
                <MitreLinks items={techniques} label="ATT&CK techniques" />
              </div>
            </Group>
          </Stack>
        </Section>
        <Section title="Triage">
          <TriagePanel detection={d} writer={writer} />
        </Section>
        <Section title="Response" extra={writer && <ResponseButtons detection={d} />}>
          <ActionsTable actions={d.actions} loading={false} timezone={timezone} writer={writer} emptyText="No action taken about this detection." />
        </Section>
        <Section title="Evidence">
          <Tabs defaultValue="kept" keepMounted={false}>
            <Tabs.List mb="sm">
              <Tabs.Tab value="kept">{`What raised it (${d.evidence.length})`}</Tabs.Tab>
              <Tabs.Tab value="flows">{`Flows (${records.flows.length})`}</Tabs.Tab>
              <Tabs.Tab value="dns">{`DNS queries (${records.dns.length})`}</Tabs.Tab>
              <Tabs.Tab value="ids">{`IDS alerts (${records.ids.length})`}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="kept">
              <EvidenceRefsTable rows={d.evidence} timezone={timezone} label="Evidence the rule kept" empty="The rule kept no record." />
            </Tabs.Panel>
            <Tabs.Panel value="flows">
              <FlowRecordsTable rows={records.flows} timezone={timezone} label="Flows of the host" empty="No flow of the host around the detection." />
            </Tabs.Panel>
            <Tabs.Panel value="dns">
              <DnsRecordsTable rows={records.dns} timezone={timezone} label="DNS queries of the host" empty="No DNS query of the host around the detection." />
            </Tabs.Panel>
            <Tabs.Panel value="ids">
              <IdsRecordsTable
                rows={records.ids}
                timezone={timezone}
                label="IDS alerts of the host"
                empty="No IDS alert about the host around the detection."
              />
            </Tabs.Panel>
          </Tabs>
        </Section>
      </Stack>
    </>
  );
}
