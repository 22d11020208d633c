import type { IotDeviceReport } from './discovery';
import { classifyVotes, votesFor, type Classification, type Vote } from './classify';
import type { VendorLookup } from './oui';

/**
 * A device that publishes readings through a gateway's MQTT broker does what sensors do: a weak
 * vote on its own (a sensor behind a hub is known by nothing else), one that other evidence
 * (its vendor, its DHCP fingerprint) easily outweighs when there is some.
 */
export const PUBLISHES_TELEMETRY_VOTE: Vote = { class: 'sensor', weight: 2, reason: 'Publishes readings over MQTT' };

/** What the evidence says of an inventory device: its merged reports (none for a device known by its telemetry only) and whether it publishes. */
export function classifyInventoryDevice(
  report: IotDeviceReport | null,
  vendor: VendorLookup,
  publishesTelemetry: boolean,
): Omit<Classification, 'source' | 'inferred'> {
  const votes = report === null ? [] : votesFor(report, vendor);
  return classifyVotes(publishesTelemetry ? [...votes, PUBLISHES_TELEMETRY_VOTE] : votes);
}
