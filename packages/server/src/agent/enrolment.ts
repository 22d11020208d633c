import { AGENT_CLOSE, type Hello } from '@netloom/domain';
import type { Db } from '../db/client';
import type { DeviceRecord } from '../fleet/device-row';
import { newDeviceSecret } from '../fleet/credentials';
import { findDeviceBySerial, insertDevice } from '../fleet/repo';
import { enrolAsNew, findTenantByEnrolmentKey, updateEnrolledDevice } from './repo';

type Close = (typeof AGENT_CLOSE)[keyof typeof AGENT_CLOSE];

export type Enrolment =
  | { device: DeviceRecord; issued: { device_id: string; secret: string } | undefined }
  | { refused: Close; detail?: string }
  /** The socket closed while the device's topic was being subscribed. */
  | 'closed';

/**
 * A hello with the tenant's enrolment key: a new serial becomes a device, a removed one enrols
 * as new, one still in the inventory keeps its rules. Approved (and given a credential) only when
 * a person claimed it in the console or the tenant auto-approves. `subscribe` listens to the
 * device's topic before its row is written, so a removal committed after that is heard.
 */
export async function enrolWithKey(db: Db, hello: Hello, enrolmentKey: string, subscribe: (deviceId: string) => Promise<boolean>): Promise<Enrolment> {
  const tenant = await findTenantByEnrolmentKey(db, enrolmentKey);
  if (!tenant) return { refused: AGENT_CLOSE.badCredentials };
  const known = await findDeviceBySerial(db, tenant.id, hello.identity.serial);
  // A removed (unclaimed) device comes back as a new one; one still in the inventory keeps its rules.
  const kept = known?.claimed ? known : undefined;
  // Deactivated stays deactivated: the tenant key must not approve or change it.
  if (kept && !kept.active) return { refused: AGENT_CLOSE.deactivated };
  if (kept?.approved && kept.credentialHash) {
    // Someone holding the tenant key must not take over an enrolled device's identity.
    return { refused: AGENT_CLOSE.badCredentials, detail: 'already enrolled, connect with the device credential' };
  }
  // Approved beforehand only by a person (a claim in the console), never by an earlier life in the inventory.
  const approve = Boolean(kept?.approved) || tenant.autoApprove;
  const secret = approve ? newDeviceSecret() : null;
  const fields = {
    name: kept?.name ?? hello.identity.name,
    kind: hello.identity.kind,
    macAddress: hello.identity.mac ?? null,
    model: hello.model,
    os: hello.os,
    version: hello.version,
    username: hello.identity.user ?? null,
    createdBy: hello.identity.user ?? kept?.createdBy ?? null,
    approved: approve,
    claimed: true,
    credentialHash: secret?.hash ?? null,
  };
  const id = known?.id ?? crypto.randomUUID();
  if (!(await subscribe(id))) return 'closed';
  const device = !known
    ? await insertDevice(db, { id, tenantId: tenant.id, serial: hello.identity.serial, ...fields })
    : kept
      ? await updateEnrolledDevice(db, kept, fields)
      : await enrolAsNew(db, known.id, fields);
  // Removed, approved or claimed in the console since it was read, or enrolled by a simultaneous
  // hello of the same serial: the device comes back and sees what is now.
  if (!device) return { refused: AGENT_CLOSE.tryLater };
  return { device, issued: secret ? { device_id: device.id, secret: secret.secret } : undefined };
}
