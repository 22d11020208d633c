import { UNKNOWN_POSTURE, type ZtnaServer } from '@netloom/domain';

/** A published private server, for tests; `over` replaces any field. */
export const ztnaServer = (id: string, name: string, over: Partial<ZtnaServer> = {}): ZtnaServer => ({
  id,
  name,
  description: '',
  address: `${name.toLowerCase()}.corp.example`,
  private_name: null,
  ports: [{ protocol: 'tcp', ports: ['443'] }],
  site: 'London',
  enabled: true,
  dpc: { download: true, upload: true, copy: true, managed_only: false },
  ...over,
});

/** An enrolled endpoint as the zero-trust inventory lists it, for tests. */
export const ztnaEndpoint = (id: string, name: string, user: string) => ({
  id,
  name,
  user,
  os: 'windows',
  os_label: 'Windows 11',
  client_version: '2.1.10',
  approved: true,
  device_status: 'running',
  last_seen: '2025-01-02T10:00:00Z',
  public_ip: '203.0.113.7',
  posture: UNKNOWN_POSTURE,
  profile: 'mza',
  security_groups: [],
  config_sync: 'synced',
  enrolled_with: null,
  created_at: '2025-01-01T00:00:00Z',
});
