import { Alert, Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { formatDate, type WafApplication } from '@netloom/domain';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useCheckWafDns } from '@/features/waf/api/check-waf-dns';

/** The records the customer sets at their DNS host, and what the last check found per domain. */
export function DnsPanel({ application, timezone }: { application: WafApplication; timezone: string | null }) {
  const check = useCheckWafDns();
  const dns = check.data?.dns ?? application.dns;
  return (
    <Stack gap="sm">
      <Text size="sm">Point each domain at the serving edges with these records at your DNS host:</Text>
      <Table withTableBorder aria-label={`DNS records of ${application.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dns.records.map((r) => (
            <Table.Tr key={`${r.name}-${r.type}-${r.value}`}>
              <Table.Td>
                <Code>{r.name}</Code>
              </Table.Td>
              <Table.Td>{r.type}</Table.Td>
              <Table.Td>
                <Code>{r.value}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
          {dns.records.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text size="sm" c="dimmed">
                  No record yet: choose the edges that serve this application first.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {dns.checked_at ? `Last checked ${formatDate(dns.checked_at, { timezone })}` : 'Never checked'}
        </Text>
        <Button size="xs" loading={check.isPending} onClick={() => check.mutate(application.id, { onError: (e) => toast.error(formErrorMessage(e)) })}>
          Check DNS
        </Button>
      </Group>
      {dns.detail.length > 0 && (
        <Stack gap={4} aria-label="DNS check result">
          {dns.detail.map((d) => (
            <Group key={d.domain} gap="xs">
              <Badge color={d.ok ? 'green' : 'red'} variant="light">
                {d.ok ? 'OK' : 'Not pointing at an edge'}
              </Badge>
              <Text size="sm">{d.domain}</Text>
              <Text size="xs" c="dimmed">
                {d.addresses.length ? d.addresses.join(', ') : 'does not resolve'}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {dns.verified === true && <Alert color="green">Every domain resolves to a serving edge.</Alert>}
    </Stack>
  );
}
