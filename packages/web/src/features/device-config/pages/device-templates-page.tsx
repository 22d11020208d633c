import { Paper, Stack } from '@mantine/core';
import { canWriteConfig } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { GatewayPicker, useStatusDevice } from '@/components/gateway-picker';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { BindingEditor } from '@/features/device-config/components/binding-editor';

/**
 * Config Templates → Device templates (spec 000 §2.15 `configtemp/udt`): the templates one gateway
 * gets, in order, and its own values for their variables; the same editor as its configure page,
 * reached from the templates' side.
 */
export function DeviceTemplatesPage() {
  const user = useCurrentUser();
  const deviceId = useStatusDevice();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Device templates" subtitle="The config templates each gateway gets and its values for their variables" />
      <Paper withBorder p="md">
        <Stack gap="md">
          <GatewayPicker deviceId={deviceId} resets={['operation']} />
          {deviceId ? (
            <BindingEditor key={deviceId} kind="device" targetId={deviceId} writer={canWriteConfig(user)} />
          ) : (
            <EmptyState title="Please Select Device" description="Choose a gateway to see the templates it gets." />
          )}
        </Stack>
      </Paper>
    </>
  );
}
