import { Anchor, Group, Text } from '@mantine/core';
import { mitreUrl, type MitreTacticId, type MitreTechniqueId } from '@netloom/domain';

interface Mapped {
  id: string;
  name: string;
}

/** ATT&CK tactics or techniques by id and name, each a link to its page on attack.mitre.org. */
export function MitreLinks({ items, label }: { items: readonly Mapped[]; label: string }) {
  if (items.length === 0) return <Text size="sm">—</Text>;
  return (
    <Group gap="sm" aria-label={label} role="list">
      {items.map((t) => (
        <Text size="sm" key={t.id} role="listitem">
          <Anchor href={mitreUrl(t.id as MitreTacticId | MitreTechniqueId)} target="_blank" rel="noreferrer">
            {t.id}
          </Anchor>{' '}
          {t.name}
        </Text>
      ))}
    </Group>
  );
}
