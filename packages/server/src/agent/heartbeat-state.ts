import { dequal } from 'dequal';
import type { Heartbeat } from '@netloom/domain';
import type { DeviceRecord } from '../fleet/device-row';

type LiveFields = Pick<
  DeviceRecord,
  | 'deviceStatus'
  | 'lastSeenAt'
  | 'wanStatus'
  | 'lbStatus'
  | 'publicIp'
  | 'vpnIp'
  | 'locationName'
  | 'latitude'
  | 'longitude'
  | 'os'
  | 'username'
  | 'traffic'
  | 'appliedConfigHash'
  | 'appliedConfigSeq'
  | 'posture'
  | 'version'
>;

/**
 * Writes a heartbeat onto the device's live record in place. A field the heartbeat repeats keeps
 * the value the record already holds: that value has lived through earlier garbage collections,
 * while the heartbeat's copy is young. Keeping the young copy of every field made each heartbeat
 * leave ~1 KB that survived to the old generation; copying it was most of the live hub's 4 ms
 * young-generation pauses at 1,000 heartbeats a second (bench:live, --trace-gc-nvp).
 */
export function applyHeartbeat(d: LiveFields, hb: Heartbeat, now: Date): void {
  d.lastSeenAt = now;
  d.deviceStatus = hb.status;
  if (!dequal(d.wanStatus, hb.wan)) d.wanStatus = hb.wan;
  const lb = hb.lb_status ?? null;
  if (!dequal(d.lbStatus, lb)) d.lbStatus = lb;
  // Strings compare by value: `!==` keeps the record's own string when the text is the same.
  if (hb.public_ip != null && hb.public_ip !== d.publicIp) d.publicIp = hb.public_ip;
  if (hb.vpn_ip != null && hb.vpn_ip !== d.vpnIp) d.vpnIp = hb.vpn_ip;
  if (hb.location) {
    if (hb.location.name !== d.locationName) d.locationName = hb.location.name;
    if (hb.location.lat !== d.latitude) d.latitude = hb.location.lat;
    if (hb.location.lng !== d.longitude) d.longitude = hb.location.lng;
  }
  if (hb.os !== undefined && hb.os !== d.os) d.os = hb.os;
  if (hb.user !== undefined && hb.user !== d.username) d.username = hb.user;
  if (hb.traffic !== undefined && !dequal(d.traffic, hb.traffic)) d.traffic = hb.traffic;
  // What it runs is ordered by seq with its answers to pushes: a heartbeat older than the answer it follows says nothing new.
  if (hb.config_hash !== undefined && hb.seq > d.appliedConfigSeq) {
    d.appliedConfigSeq = hb.seq;
    if (hb.config_hash !== d.appliedConfigHash) d.appliedConfigHash = hb.config_hash;
  }
  // An endpoint's posture: the same report keeps the record's object, so the writer sees nothing new to write.
  if (hb.posture !== undefined && !dequal(d.posture, hb.posture)) d.posture = hb.posture;
  // The client is the endpoint's agent: the version it reports is the one the inventory and the rollouts show.
  const client = hb.posture?.client_version;
  if (client && client !== d.version) d.version = client;
}
