import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { countryByCode, ENDPOINT_OS_LABELS, type accessTestResultSchema, type Posture } from '@netloom/domain';
import type { z } from 'zod';
import { Fact } from '@/components/fact';
import { AccessActionBadge } from './access-action-badge';
import { decidedByText, failedText } from './decision-text';

export type AccessTestResult = z.infer<typeof accessTestResultSchema>;

const yesNo = (v: boolean | null, yes: string, no: string) => (v === null ? 'Not reported' : v ? yes : no);

/** The requester's posture as the policies saw it; what was not reported says so, since it never passes. */
function postureFacts(p: Posture): { label: string; value: string }[] {
  return [
    { label: 'Operating system', value: p.os ? `${ENDPOINT_OS_LABELS[p.os]}${p.os_version ? ` ${p.os_version}` : ''}` : 'Not reported' },
    { label: 'Client version', value: p.client_version ?? 'Not reported' },
    { label: 'Country', value: p.country ? (countryByCode(p.country)?.name ?? p.country) : 'Not known' },
    { label: 'Disk encryption', value: yesNo(p.disk_encrypted, 'Encrypted', 'Not encrypted') },
    { label: 'Firewall', value: yesNo(p.firewall_on, 'On', 'Off') },
    { label: 'Device approved', value: yesNo(p.approved, 'Yes', 'No') },
  ];
}

/** The tool's answer for one requester: allow or deny, who decided, the failed condition, and what the requester is. */
export function AccessTestResultView({ result }: { result: AccessTestResult }) {
  const failed = failedText(result.failed);
  const who = [result.user, result.device?.name].filter(Boolean).join(' on ');
  return (
    <Paper withBorder p="sm" aria-label="Access decision" role="region">
      <Stack gap="xs">
        <Group gap="sm">
          <AccessActionBadge action={result.action} size="lg" />
          <Text size="sm" fw={500}>
            {who || 'Requester'} → {result.server.name}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Fact label="Deciding policy" value={decidedByText(result)} />
          <Fact label="Reason" value={result.reason} />
        </SimpleGrid>
        {failed && (
          <Text size="sm" c="red" data-testid="failed-condition">
            Failed posture condition — {failed}
          </Text>
        )}
        <div>
          <Text size="xs" c="dimmed">
            Groups
          </Text>
          <Group gap={4}>
            {result.groups.length + result.security_groups.length === 0 ? (
              <Text size="sm">None</Text>
            ) : (
              <>
                {result.groups.map((g) => (
                  <Badge key={g.id} variant="outline" tt="none">
                    {g.name}
                  </Badge>
                ))}
                {result.security_groups.map((g) => (
                  <Badge key={g.id} variant="outline" color="grape" tt="none">
                    {g.name} (security group)
                  </Badge>
                ))}
              </>
            )}
          </Group>
        </div>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" aria-label="Posture">
          {postureFacts(result.posture).map((f) => (
            <Fact key={f.label} label={f.label} value={f.value} />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
