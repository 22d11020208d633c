import { useLocation, useParams } from 'react-router';
import { BindingEditor } from '@/features/device-config/components/binding-editor';
import { DeviceGroupPage } from '@/features/devices/pages/device-group-page';

/** A device group's page, with the configuration feature's template editor in its Templates panel. */
export function DeviceGroupRoute() {
  const { networkId = '' } = useParams();
  // Config templates are SD-WAN's; a ZTNA group's endpoint profiles come with zero-trust access.
  const sdwan = useLocation().pathname.startsWith('/sdwan/');
  return (
    <DeviceGroupPage
      key={networkId}
      networkId={networkId}
      templates={sdwan ? (writer) => <BindingEditor kind="network" targetId={networkId} writer={writer} /> : undefined}
    />
  );
}
