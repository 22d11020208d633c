// The beacon's events as the SDK builds them (the contract: packages/domain/src/rum/beacon.ts checks
// them on the server). Kept here as plain types: the SDK carries no schema library into the page.

type NavType = 'navigate' | 'reload' | 'back_forward' | 'prerender' | 'route';

export interface NavSummary {
  type: NavType;
  dns?: number;
  connect?: number;
  tls?: number;
  ttfb?: number;
  dom_interactive?: number;
  dom_complete?: number;
  load?: number;
  transfer_size?: number;
}

export interface ResourceSummary {
  count: number;
  bytes: number;
  slowest: { name: string; initiator: string; duration: number }[];
}

export interface VitalAttribution {
  target?: string;
  url?: string;
  interaction_type?: string;
  load_state?: string;
  phases?: Record<string, number>;
}

export type RumEvent =
  | { t: 'view'; at: number; nav?: NavSummary; resources?: ResourceSummary }
  | {
      t: 'vital';
      at: number;
      name: 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
      value: number;
      rating?: 'good' | 'needs-improvement' | 'poor';
      attribution?: VitalAttribution;
    }
  | { t: 'error'; at: number; message: string; kind?: string; stack?: string; source?: string; line?: number; col?: number }
  | { t: 'route'; at: number; from: string; to: string; route?: string };

export interface Beacon {
  v: 1;
  sid: string;
  pid: string;
  url: string;
  route?: string;
  ref?: string;
  release?: string;
  events: RumEvent[];
}

/** A page view: what its events share. Mutable: a route template set after the change still applies to it. */
export interface PageView {
  pid: string;
  url: string;
  route?: string;
}
