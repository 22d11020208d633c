import { countryByCode } from '../reference/countries';
import { mergeNdrDetections, ndrEvidenceRef, type NdrDetection, type NdrSeverity } from '../ndr/detection';
import type { MitreTacticId, MitreTechniqueId } from '../ndr/mitre';
import { IOT_CLASS_LABELS } from './classes';
import { peerCountryOf, externalName, entryCovers, profileAllows, UNKNOWN_COUNTRY, type CommunicationProfile, type ProfileFlow } from './profile';

/**
 * Deviations from a class's communication profile, as NDR detections (the same shape, triage
 * and risk score as NDR's own rules). A new peer is worse than a new service of a known peer:
 * a camera that starts talking to a new country is what the profile is for; one that reaches its
 * known cloud on a new port is worth a look. Only flows after the learning period are judged.
 */
export const IOT_DEVIATION_RULE_ID = 'iot.profile_deviation';

const REMOTE_SERVICE_PORTS = new Set([22, 445, 3389, 5985, 5986]);

interface DeviationKind {
  severity: NdrSeverity;
  confidence: number;
  tactics: MitreTacticId[];
  techniques: MitreTechniqueId[];
}

/*
 * ATT&CK: talking out to somewhere new is how a compromised device reaches its controller
 * (Command and Control, Application Layer Protocol); someone new reaching it from outside is
 * access through an exposed service (Initial Access, Exploit Public-Facing Application); a new
 * internal peer is Lateral Movement, Remote Services when it is a remote-login port.
 */
const KINDS = {
  new_country: { severity: 'medium', confidence: 0.8, tactics: ['TA0011'], techniques: ['T1071'] },
  new_external_service: { severity: 'low', confidence: 0.6, tactics: ['TA0011'], techniques: ['T1071'] },
  new_destination: { severity: 'low', confidence: 0.5, tactics: ['TA0011'], techniques: ['T1071'] },
  new_inbound_external: { severity: 'high', confidence: 0.8, tactics: ['TA0001'], techniques: ['T1190'] },
  new_internal_peer: { severity: 'medium', confidence: 0.7, tactics: ['TA0008'], techniques: [] },
  new_internal_service: { severity: 'low', confidence: 0.6, tactics: ['TA0008'], techniques: [] },
  new_inbound_internal: { severity: 'low', confidence: 0.6, tactics: ['TA0008'], techniques: [] },
} as const satisfies Record<string, DeviationKind>;
export type IotDeviationKind = keyof typeof KINDS;

interface Judged {
  kind: IotDeviationKind;
  /** What makes two flows the same deviation, besides the device. */
  key: string;
  /** After the class's name: 'talks to a new country: Russia'. */
  title: string;
  /** After the device's address in the summary. */
  what: string;
}

const service = (f: ProfileFlow) => `${f.protocol === 6 ? 'TCP' : f.protocol === 17 ? 'UDP' : `protocol ${f.protocol}`}${f.port ? `/${f.port}` : ''}`;
const countryName = (code: string) => (code === UNKNOWN_COUNTRY ? 'an unknown country' : (countryByCode(code)?.name ?? code));

function judgeInternal(profile: CommunicationProfile, f: ProfileFlow): Judged | null {
  const out = f.direction === 'out';
  const verb = out ? 'talks to' : 'is reached by';
  if (!profile.entries.some((e) => entryCovers(e, f))) {
    return {
      kind: out ? 'new_internal_peer' : 'new_inbound_internal',
      key: `${f.direction}|host:${f.peer_ip}`,
      title: `${verb} a new internal host: ${f.peer_ip}`,
      what: `${verb} ${f.peer_ip} (${service(f)}), an internal host it had not ${out ? 'talked to' : 'been reached by'}`,
    };
  }
  if (profileAllows(profile, f, 'host')) return null;
  return {
    kind: 'new_internal_service',
    key: `${f.direction}|host:${f.peer_ip}|${service(f)}`,
    title: `${verb} ${f.peer_ip} on a new service: ${service(f)}`,
    what: `${verb} ${f.peer_ip} on ${service(f)}, a service new between them`,
  };
}

/** Whether a flow falls outside the profile, and how; null when the profile allows it. */
export function judgeFlow(profile: CommunicationProfile, f: ProfileFlow): Judged | null {
  if (f.peer_internal) return judgeInternal(profile, f);
  if (f.direction === 'in') {
    if (profileAllows(profile, f, 'country')) return null;
    return {
      kind: 'new_inbound_external',
      key: `in|external|${service(f)}`,
      title: `is reached from the internet on ${service(f)}`,
      what: `is reached from outside by ${f.peer_ip} on ${service(f)}`,
    };
  }
  const country = peerCountryOf(f);
  const where = countryName(country);
  if (!profile.entries.some((e) => e.peer_kind === 'country' && entryCovers(e, f))) {
    return {
      kind: 'new_country',
      key: `out|country:${country}`,
      title: `talks to a new country: ${where}`,
      what: `talks to ${f.peer_ip} in ${where} (${service(f)}), a country new for its class`,
    };
  }
  if (!profileAllows(profile, f, 'country')) {
    return {
      kind: 'new_external_service',
      key: `out|country:${country}|${service(f)}`,
      title: `uses a new service in ${where}: ${service(f)}`,
      what: `talks to ${f.peer_ip} in ${where} on ${service(f)}, a service new for that country`,
    };
  }
  const name = externalName(f.flow);
  // Names are judged only on a service the profile learned names for: flows without one (no SNI) would otherwise all deviate.
  const namesLearned = profile.entries.some(
    (e) => e.direction === 'out' && (e.peer_kind === 'domain' || e.peer_kind === 'application') && e.protocol === f.protocol && e.port === f.port,
  );
  if (name === null || !namesLearned || profileAllows(profile, f, name.kind)) return null;
  return {
    kind: 'new_destination',
    key: `out|${name.kind}:${name.name}|${service(f)}`,
    title: `talks to a new destination: ${name.name}`,
    what: `talks to ${name.name} (${f.peer_ip} in ${where}, ${service(f)}), a destination new for its class`,
  };
}

function knownCountries(profile: CommunicationProfile): string {
  const codes = [...new Set(profile.entries.filter((e) => e.direction === 'out' && e.peer_kind === 'country').map((e) => e.peer))].sort();
  return codes.length ? codes.join(', ') : 'none';
}

/** The detections for the flows (of the class's devices) that fall outside its profile: one per device and deviation, however many flows show it. */
export function deviations(profile: CommunicationProfile, flows: readonly ProfileFlow[]): NdrDetection[] {
  const until = Date.parse(profile.learning_until);
  const label = IOT_CLASS_LABELS[profile.class];
  const found: NdrDetection[] = [];
  for (const f of [...flows].sort((a, b) => a.t - b.t)) {
    if (f.t < until) continue;
    const judged = judgeFlow(profile, f);
    if (!judged) continue;
    const kind: DeviationKind = KINDS[judged.kind];
    const remote = f.peer_internal && f.direction === 'out' && REMOTE_SERVICE_PORTS.has(f.port);
    const time = new Date(f.t).toISOString();
    found.push({
      rule_id: IOT_DEVIATION_RULE_ID,
      dedupe_key: `${IOT_DEVIATION_RULE_ID}|${f.device.mac}|${judged.key}`,
      severity: kind.severity,
      confidence: kind.confidence,
      host: { ip: f.device.ip, device_id: f.flow.device_id },
      peer: f.peer_ip,
      peers: [f.peer_ip],
      user: f.flow.user ?? null,
      title: `${label} ${judged.title}`.slice(0, 200),
      summary: `${f.device.ip} (${label}, ${f.device.mac}) ${judged.what}. Outside the profile learned for its class${f.peer_internal ? '' : ` (countries: ${knownCountries(profile)})`}.`,
      tactics: [...kind.tactics],
      techniques: remote ? ['T1021'] : [...kind.techniques],
      first_seen: time,
      last_seen: time,
      facts: {
        deviation: judged.kind,
        class: profile.class,
        mac: f.device.mac,
        service: service(f),
        ...(!f.peer_internal && f.direction === 'out' && { country: peerCountryOf(f) }),
      },
      evidence: [ndrEvidenceRef(f.flow)],
    });
  }
  return mergeNdrDetections(found);
}
