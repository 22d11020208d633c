import { Anchor, Text } from '@mantine/core';
import { IconDevicesOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { EmptyState } from '@/components/empty-state';

const NO_DEVICES_TEXT = 'No Devices Configured';

/** Spec 000 §2.4: ZTNA welcomes the user and links the client download; SD-WAN just says so. */
export function DeviceEmptyState({ product }: { product: 'sdwan' | 'ztna' }) {
  return (
    <EmptyState
      icon={<IconDevicesOff size={32} stroke={1.5} />}
      title={NO_DEVICES_TEXT}
      description={
        product === 'ztna' ? (
          <>
            <Text span inherit>
              Welcome to Zero Trust! Install MicroZAccess on your users’ devices and they will appear here.{' '}
            </Text>
            <Anchor component={Link} to={paths.getMicroZAccess} inherit>
              Download the client app
            </Anchor>
          </>
        ) : undefined
      }
    />
  );
}
