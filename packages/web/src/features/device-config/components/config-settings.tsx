import { Modal, Stack, Switch } from '@mantine/core';
import { CONFIG_FAMILIES } from '@netloom/domain';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { toast } from '@/components/feedback/toast';
import { useEnableConfigs, useSetEnableConfigs } from '@/features/device-config/api/device-config';
import { FAMILY_PAGES } from '@/features/device-config/families';

export interface ConfigSettingsProps {
  deviceId: string;
  opened: boolean;
  onClose: () => void;
  writer: boolean;
}

/** A gateway's configuration settings (the header's Settings): auto-sync, and which families it runs. */
export function ConfigSettings({ deviceId, opened, onClose, writer }: ConfigSettingsProps) {
  const enable = useEnableConfigs(opened ? deviceId : null);
  const set = useSetEnableConfigs(deviceId);
  const save = (body: Parameters<typeof set.mutateAsync>[0]) => void set.mutateAsync(body).catch(() => toast.error());
  const disabled = !writer || !enable.data || set.isPending;
  return (
    <Modal opened={opened} onClose={onClose} withCloseButton={false} centered>
      <ModalHeader title="Configuration settings" onClose={onClose} />
      <Stack>
        <Switch
          label="Auto-sync"
          description="A gateway whose configuration was changed on the box gets the desired one again. Off: it is shown as drifted and left alone."
          checked={enable.data?.auto_sync ?? true}
          disabled={disabled}
          onChange={(e) => save({ auto_sync: e.currentTarget.checked })}
        />
        {CONFIG_FAMILIES.map((family) => (
          <Switch
            key={family}
            label={FAMILY_PAGES.find((p) => p.family === family)?.title ?? family}
            description="Off: left out of what the gateway is sent"
            checked={enable.data?.families[family] ?? true}
            disabled={disabled}
            onChange={(e) => save({ families: { [family]: e.currentTarget.checked } })}
          />
        ))}
      </Stack>
    </Modal>
  );
}
