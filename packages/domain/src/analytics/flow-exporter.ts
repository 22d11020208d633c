import { z } from 'zod';

/** Where a device's exporter address is read and set (a path of its own: `device/{id}/…` would be ambiguous with the spec's `device/config/{deviceId}/`). */
export const FLOW_EXPORTER_PATHS = {
  device: (id: string) => `netflow/exporter/${id}/`,
} as const;

export const FLOW_EXPORTER_ADDRESS_MESSAGE = 'An IPv4 or IPv6 address, e.g. 10.0.0.1 or 2001:db8::1';
export const FLOW_EXPORTER_TAKEN_MESSAGE = 'Another device already receives the flows this address exports';

/**
 * A router's NetFlow v9 / IPFIX export reaches the server's flow collector from this source
 * address; its records count as this device's traffic. One address feeds one device, across every
 * tenant: a UDP datagram says nothing else about whose it is. null: the device exports none.
 */
export const flowExporterAddressSchema = z.union([z.ipv4(), z.ipv6()], { error: FLOW_EXPORTER_ADDRESS_MESSAGE }).nullable();

export const flowExporterSchema = z.object({ address: flowExporterAddressSchema });
export type FlowExporter = z.infer<typeof flowExporterSchema>;
