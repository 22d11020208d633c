import { Badge, Button, Code, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, redactMatchedData, wafGroupOfRule } from '@netloom/domain';
import type { WafAttackRow } from '@/features/waf/api/get-waf-attacks';
import { excludeRuleHref } from './exclude-link';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** One attack: the request, and each rule that matched with what it matched; a false positive is one click from its exclusion. */
export function AttackDetail({ attack, timezone, writer }: { attack: WafAttackRow; timezone: string | null; writer: boolean }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Fact label="Time">{formatDate(attack.at, { timezone })}</Fact>
        <Fact label="Application">{attack.application ?? '—'}</Fact>
        <Fact label="Edge">{attack.edge ?? '—'}</Fact>
        <Fact label="Client">{attack.country ? `${attack.client_ip} (${attack.country})` : attack.client_ip}</Fact>
        <Fact label="Request">{`${attack.method} ${attack.host}${attack.path}`}</Fact>
        <Fact label="Status">{attack.status}</Fact>
        <Fact label="Anomaly score">{attack.anomaly_score ?? '—'}</Fact>
        <Fact label="User agent">{attack.user_agent ?? '—'}</Fact>
      </SimpleGrid>
      <Table withTableBorder verticalSpacing="xs" aria-label="Rules matched">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rule</Table.Th>
            <Table.Th>Message</Table.Th>
            <Table.Th>Matched data</Table.Th>
            <Table.Th>Tags</Table.Th>
            {writer && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attack.rules.map((r, i) => (
            <Table.Tr key={`${r.id}-${i}`}>
              <Table.Td>
                <Code>{r.id}</Code>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.message}</Text>
                {r.severity !== null && (
                  <Text size="xs" c="dimmed">
                    severity {r.severity}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Code fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {redactMatchedData(r.data) || '—'}
                </Code>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {r.tags.map((t) => (
                    <Badge key={t} size="xs" variant="outline" color="gray">
                      {t}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              {writer && (
                <Table.Td>
                  {/* Only a Core Rule Set rule of a group can be excluded; its scoring rules (949/959/980) say that it blocked, not why. */}
                  {wafGroupOfRule(r.id) !== null && (
                    <Button component={Link} to={excludeRuleHref(attack, r)} size="compact-xs" variant="light">
                      Exclude this rule for this path
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
