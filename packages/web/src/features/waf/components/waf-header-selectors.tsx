import { useEffect } from 'react';
import { Group, Select, Tooltip } from '@mantine/core';
import { IconServer2, IconWorld } from '@tabler/icons-react';
import { snack } from '@/lib/notify';
import { useWafApplications } from '@/features/waf/api/get-waf-applications';
import { useWafEdges } from '@/features/waf/api/get-waf-edges';
import { useChooseWaf, useWafSelection } from '@/features/waf/hooks/waf-selection';

const ALL = '';
/** The error catalogue's words for a failed device list (spec 001 §8 'Devices'). */
const WAF_DEVICES_FAILED = 'Failed to load waf devices';

/**
 * The WAF device (edge or POP) and domain (application) selectors of the header (spec 000 §2.14):
 * what the QShield pages narrow to by default.
 */
export function WafHeaderSelectors() {
  const edges = useWafEdges();
  const applications = useWafApplications();
  const { edgeId, applicationId } = useWafSelection();
  const choose = useChooseWaf();

  useEffect(() => {
    if (edges.isError) snack(WAF_DEVICES_FAILED, { color: 'red', id: 'waf-devices-failed' });
  }, [edges.isError]);

  const edgeData = [
    { value: ALL, label: 'All WAF devices' },
    ...(edges.data ?? []).map((e) => ({ value: e.id, label: e.shared ? `${e.name} (shared POP)` : e.name })),
  ];
  const appData = [
    { value: ALL, label: 'All domains' },
    ...(applications.data ?? []).map((a) => ({ value: a.id, label: a.domains[0] ? `${a.name} · ${a.domains[0]}` : a.name })),
  ];

  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label={WAF_DEVICES_FAILED} disabled={!edges.isError}>
        <Select
          aria-label="Select WAF device"
          data={edgeData}
          value={edges.data?.some((e) => e.id === edgeId) ? edgeId : ALL}
          onChange={(v) => choose({ edgeId: v || null })}
          allowDeselect={false}
          searchable={edgeData.length > 4}
          nothingFoundMessage="No Matching Result(s)."
          leftSection={<IconServer2 size={16} />}
          error={edges.isError}
          placeholder={edges.isError ? WAF_DEVICES_FAILED : undefined}
          w={190}
          size="sm"
        />
      </Tooltip>
      <Select
        aria-label="Select domain"
        data={appData}
        value={applications.data?.some((a) => a.id === applicationId) ? applicationId : ALL}
        onChange={(v) => choose({ applicationId: v || null })}
        allowDeselect={false}
        searchable={appData.length > 4}
        nothingFoundMessage="No Matching Result(s)."
        leftSection={<IconWorld size={16} />}
        w={220}
        size="sm"
      />
    </Group>
  );
}
