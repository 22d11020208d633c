import { Badge, Table, Text } from '@mantine/core';
import { COUNTRIES, ENDPOINT_OS_LABELS, POSTURE_CONDITION_LABELS, type Posture } from '@netloom/domain';

const countryName = new Map(COUNTRIES.map((c) => [c.code, c.name]));

type Shown = { text: string; tone?: 'good' | 'bad' };
const yesNo = (v: boolean, yes: string, no: string): Shown => (v ? { text: yes, tone: 'good' } : { text: no, tone: 'bad' });

/** Each posture field as the policies check it; a field the endpoint has not reported is 'Unknown' (it never passes a condition). */
const FIELDS: { label: string; value: (p: Posture) => Shown | null }[] = [
  { label: POSTURE_CONDITION_LABELS.os, value: (p) => (p.os ? { text: ENDPOINT_OS_LABELS[p.os] } : null) },
  { label: POSTURE_CONDITION_LABELS.os_version, value: (p) => (p.os_version ? { text: p.os_version } : null) },
  { label: POSTURE_CONDITION_LABELS.client_version, value: (p) => (p.client_version ? { text: p.client_version } : null) },
  { label: POSTURE_CONDITION_LABELS.country, value: (p) => (p.country ? { text: `${countryName.get(p.country) ?? p.country} (${p.country})` } : null) },
  { label: POSTURE_CONDITION_LABELS.disk_encryption, value: (p) => (p.disk_encrypted === null ? null : yesNo(p.disk_encrypted, 'Encrypted', 'Not encrypted')) },
  { label: POSTURE_CONDITION_LABELS.firewall, value: (p) => (p.firewall_on === null ? null : yesNo(p.firewall_on, 'On', 'Off')) },
  { label: POSTURE_CONDITION_LABELS.approved, value: (p) => (p.approved === null ? null : yesNo(p.approved, 'Approved', 'Not approved')) },
];

/** An endpoint's posture, field by field. */
export function PostureTable({ posture }: { posture: Posture }) {
  return (
    <Table aria-label="Posture" verticalSpacing="xs" withRowBorders>
      <Table.Tbody>
        {FIELDS.map((f) => {
          const v = f.value(posture);
          return (
            <Table.Tr key={f.label}>
              <Table.Th w={200} fw={500}>
                {f.label}
              </Table.Th>
              <Table.Td>
                {v === null ? (
                  <Badge variant="outline" color="gray">
                    Unknown
                  </Badge>
                ) : v.tone ? (
                  <Badge variant="light" color={v.tone === 'good' ? 'green' : 'red'}>
                    {v.text}
                  </Badge>
                ) : (
                  <Text size="sm">{v.text}</Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
