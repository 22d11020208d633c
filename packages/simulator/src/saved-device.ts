import type { ConfigDocument } from '@netloom/domain';
import type { BehaviourState } from './behaviour';

/** What the server gave a device once it was approved: how it signs in from then on. */
export interface DeviceCredential {
  device_id: string;
  secret: string;
}

/** What a device keeps between runs (the CLI's state file, the demo fleet's file). */
export interface SavedDevice {
  credential: DeviceCredential | null;
  seq: number;
  config_hash: string | null;
  /** The document it runs (a real agent keeps it, to run it again after a restart); simulated devices keep only the hash. */
  config?: ConfigDocument | null;
  /** What its behaviour keeps (an endpoint's installed client version). */
  behaviour?: BehaviourState;
}
