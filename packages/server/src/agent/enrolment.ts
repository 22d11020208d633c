import { AGENT_CLOSE, enrolmentKeyState, isClientEnrolmentKey, type EnrolmentKeyState, type Hello } from '@netloom/domain';
import type { Db } from '../db/client';
import type { DeviceRecord } from '../fleet/device-row';
import { hashSecret, newDeviceSecret } from '../fleet/credentials';
import { findDeviceBySerial, insertDevice } from '../fleet/repo';
import type { ClientKeysPort } from './context';
import { enrolAsNew, enrolmentKeyOf, findClientKey, findTenantByEnrolmentKey, updateEnrolledDevice, type ClientKey } from './repo';

type Close = (typeof AGENT_CLOSE)[keyof typeof AGENT_CLOSE];

export type Enrolment =
  | { device: DeviceRecord; issued: { device_id: string; secret: string } | undefined }
  | { refused: Close; detail?: string }
  /** The socket closed while the device's topic was being subscribed. */
  | 'closed';

/**
 * What a device told the server of itself at its hello, as its row keeps it. An endpoint's posture
 * and public address come with it so that whoever approves a pending client sees them (it sends
 * no heartbeat until then); a hello without them keeps what the row had.
 */
const identityFields = (hello: Hello, kept: DeviceRecord | undefined) => ({
  name: kept?.name ?? hello.identity.name,
  kind: hello.identity.kind,
  macAddress: hello.identity.mac ?? null,
  model: hello.model,
  os: hello.os,
  version: hello.version,
  username: hello.identity.user ?? null,
  createdBy: hello.identity.user ?? kept?.createdBy ?? null,
  // A gateway says whether it is an app connector; an endpoint is never one.
  ...(hello.identity.kind === 'gateway' && hello.identity.device_type ? { deviceType: hello.identity.device_type } : {}),
  ...(hello.posture ? { posture: hello.posture } : {}),
  ...(hello.public_ip ? { publicIp: hello.public_ip } : {}),
});

/**
 * A hello with an enrolment key: the tenant's own, or one of its client keys ('nlk_…', see
 * enrolWithClientKey). With the tenant key, a new serial becomes a device, a removed one enrols
 * as new, one still in the inventory keeps its rules. Approved (and given a credential) only when
 * a person claimed it in the console or the tenant auto-approves. A rejected one is refused. `subscribe` listens to the
 * device's topic before its row is written, so a removal committed after that is heard.
 */
export async function enrolWithKey(
  { db, clientKeys }: { db: Db; clientKeys: ClientKeysPort },
  hello: Hello,
  enrolmentKey: string,
  subscribe: (deviceId: string) => Promise<boolean>,
): Promise<Enrolment> {
  if (isClientEnrolmentKey(enrolmentKey)) return enrolWithClientKey(db, clientKeys, hello, enrolmentKey, subscribe);
  const tenant = await findTenantByEnrolmentKey(db, enrolmentKey);
  if (!tenant) return { refused: AGENT_CLOSE.badCredentials };
  const known = await findDeviceBySerial(db, tenant.id, hello.identity.serial);
  // A removed (unclaimed) device comes back as a new one; one still in the inventory keeps its rules.
  const kept = known?.claimed ? known : undefined;
  const taken = refusedAsTaken(known, kept);
  if (taken) return taken;
  // Approved beforehand only by a person (a claim in the console), never by an earlier life in the inventory.
  const approve = Boolean(kept?.approved) || tenant.autoApprove;
  const secret = approve ? newDeviceSecret() : null;
  const fields = { ...identityFields(hello, kept), approved: approve, claimed: true, credentialHash: secret?.hash ?? null };
  const id = known?.id ?? crypto.randomUUID();
  if (!(await subscribe(id))) return 'closed';
  const device = await writeDevice(db, tenant.id, hello, known, kept, id, fields);
  // Removed, approved or claimed in the console since it was read, or enrolled by a simultaneous
  // hello of the same serial: the device comes back and sees what is now.
  if (!device) return { refused: AGENT_CLOSE.tryLater };
  return { device, issued: secret ? { device_id: device.id, secret: secret.secret } : undefined };
}

/**
 * Rejected stays out (until an admin lets it in again), deactivated stays deactivated, and an
 * enrolled device's identity is not for whoever holds a key.
 */
function refusedAsTaken(known: DeviceRecord | undefined, kept: DeviceRecord | undefined): Enrolment | undefined {
  if (known && !known.claimed && known.rejectedAt) return { refused: AGENT_CLOSE.rejected };
  if (kept && !kept.active) return { refused: AGENT_CLOSE.deactivated };
  if (kept?.approved && kept.credentialHash) return { refused: AGENT_CLOSE.badCredentials, detail: 'already enrolled, connect with the device credential' };
  return undefined;
}

function writeDevice(
  db: Db,
  tenantId: string,
  hello: Hello,
  known: DeviceRecord | undefined,
  kept: DeviceRecord | undefined,
  id: string,
  fields: Parameters<typeof updateEnrolledDevice>[2],
): Promise<DeviceRecord | undefined> {
  if (!known) return insertDevice(db, { ...fields, id, tenantId, serial: hello.identity.serial, name: fields.name!, kind: fields.kind! });
  return kept ? updateEnrolledDevice(db, kept, fields) : enrolAsNew(db, known.id, fields);
}

const KEY_REFUSALS: Record<Exclude<EnrolmentKeyState, 'active'>, string> = {
  revoked: 'enrolment key revoked',
  expired: 'enrolment key expired',
  used_up: 'enrolment key used up',
};
const refusedKey = (state: Exclude<EnrolmentKeyState, 'active'>): Enrolment => ({ refused: AGENT_CLOSE.badCredentials, detail: KEY_REFUSALS[state] });

/** Not stored: the key could not be used (taken meanwhile) or the device row changed (see enrolWithKey). */
class NotEnrolled extends Error {
  constructor(readonly enrolment: Enrolment) {
    super('not enrolled');
  }
}

/**
 * A client (endpoint) enrolling with one of its tenant's enrolment keys, looked up by its SHA-256:
 * refused, naming why, unless the key may enrol now; each enrolment takes one of its uses in the
 * same transaction as the device's row (so a limit holds under simultaneous hellos, and a hello
 * that fails takes none). The client is approved when the key says so, joins the key's security
 * groups, and an invitation whose key it was is marked enrolled. A pending client coming back
 * with the key that enrolled it takes no second use.
 */
async function enrolWithClientKey(
  db: Db,
  clientKeys: ClientKeysPort,
  hello: Hello,
  enrolmentKey: string,
  subscribe: (deviceId: string) => Promise<boolean>,
): Promise<Enrolment> {
  const key = await findClientKey(db, hashSecret(enrolmentKey));
  if (!key) return { refused: AGENT_CLOSE.badCredentials };
  if (hello.identity.kind !== 'endpoint') return { refused: AGENT_CLOSE.badCredentials, detail: 'a client enrolment key enrols endpoints only' };
  const known = await findDeviceBySerial(db, key.tenantId, hello.identity.serial);
  const kept = known?.claimed ? known : undefined;
  const taken = refusedAsTaken(known, kept);
  if (taken) return taken;
  const returning = kept !== undefined && (await enrolmentKeyOf(db, kept.id)) === key.id;
  const state = enrolmentKeyState(key, new Date());
  if (state !== 'active' && !(returning && state === 'used_up')) return refusedKey(state);
  const approve = Boolean(kept?.approved) || key.autoApprove;
  const secret = approve ? newDeviceSecret() : null;
  const fields = { ...identityFields(hello, kept), approved: approve, claimed: true, credentialHash: secret?.hash ?? null };
  const id = known?.id ?? crypto.randomUUID();
  if (!(await subscribe(id))) return 'closed';
  try {
    const device = await db.transaction(async (tx) => {
      await clientKeys.shareSettingsLock(tx, key.tenantId);
      if (!returning && !(await clientKeys.takeKeyUse(tx, key.id, new Date()))) throw new NotEnrolled(await refusalNow(tx, key));
      const written = await writeDevice(tx, key.tenantId, hello, known, kept, id, fields);
      if (!written) throw new NotEnrolled({ refused: AGENT_CLOSE.tryLater });
      await clientKeys.recordClientEnrolment(tx, { tenantId: key.tenantId, deviceId: written.id, keyId: key.id, securityGroups: key.securityGroups });
      return written;
    });
    return { device, issued: secret ? { device_id: device.id, secret: secret.secret } : undefined };
  } catch (e) {
    if (e instanceof NotEnrolled) return e.enrolment;
    throw e;
  }
}

/** Why a key that looked usable could not be used after all: revoked, expired or used up by another hello meanwhile. */
async function refusalNow(db: Db, key: ClientKey): Promise<Enrolment> {
  const now = (await findClientKey(db, key.keyHash)) ?? { ...key, revokedAt: new Date() };
  const state = enrolmentKeyState(now, new Date());
  return refusedKey(state === 'active' ? 'used_up' : state);
}
