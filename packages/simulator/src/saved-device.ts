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
  /** What its behaviour keeps (an endpoint's installed client version). */
  behaviour?: BehaviourState;
}
