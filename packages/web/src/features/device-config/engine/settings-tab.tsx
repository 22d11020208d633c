import { Paper } from '@mantine/core';
import type { ConfigDocument } from '@netloom/domain';
import { ItemForm } from './item-form';
import type { SaveOutcome, SettingsTab } from './types';
import { forItem, toastSaved } from './values';

export interface SettingsTabViewProps {
  tab: SettingsTab;
  value: Record<string, unknown> | undefined;
  document: ConfigDocument;
  writer: boolean;
  allowVariables: boolean;
  save: (value: Record<string, unknown>) => Promise<SaveOutcome>;
}

/** One group of settings (SNMP, NTP, SSH…) edited in place; viewers see it read-only. */
export function SettingsTabView({ tab, value, document, writer, allowVariables, save }: SettingsTabViewProps) {
  const prefix = ['section', ...tab.path, ''].join('.');
  return (
    <Paper withBorder p="md" maw={720}>
      <ItemForm
        key={JSON.stringify(value ?? null)}
        tab={tab}
        mode="edit"
        item={value ?? tab.empty}
        document={document}
        allowVariables={allowVariables}
        readOnly={!writer}
        onSubmit={async (next) => {
          let outcome: SaveOutcome;
          try {
            outcome = await save(next);
          } catch (e) {
            throw forItem(e, prefix);
          }
          toastSaved(outcome, tab.label, 'edited');
        }}
      />
    </Paper>
  );
}
