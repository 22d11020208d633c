/** Query keys of the IoT Gateway's calls, per tenant: a write invalidates only what it changes. */
export const iotKeys = {
  /** The inventory: lists and device pages (a correction changes both). */
  devices: (tid: string | null) => ['iot', tid, 'devices'] as const,
  deviceList: (tid: string | null, query: object) => ['iot', tid, 'devices', 'list', query] as const,
  device: (tid: string | null, id: string, window: string) => ['iot', tid, 'devices', 'detail', id, window] as const,
  /** Under the inventory's key: a correction moves a device between classes. */
  summary: (tid: string | null) => ['iot', tid, 'devices', 'summary'] as const,
  forwardRules: (tid: string | null) => ['iot', tid, 'forward-rules'] as const,
  segments: (tid: string | null) => ['iot', tid, 'segments'] as const,
  profiles: (tid: string | null) => ['iot', tid, 'profiles'] as const,
};

/** Devices report every few minutes and telemetry every few seconds: the pages that show them read again this often. */
export const IOT_REFRESH_MS = 30_000;
