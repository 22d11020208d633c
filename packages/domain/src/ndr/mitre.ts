/**
 * The MITRE ATT&CK (Enterprise) tactics, and the techniques NDR's rules map their detections to,
 * with ids and names exactly as ATT&CK writes them. A small table, not the whole matrix: the
 * console shows a detection's tactic and technique and links to attack.mitre.org by id.
 */
export const MITRE_TACTICS = [
  { id: 'TA0043', name: 'Reconnaissance' },
  { id: 'TA0042', name: 'Resource Development' },
  { id: 'TA0001', name: 'Initial Access' },
  { id: 'TA0002', name: 'Execution' },
  { id: 'TA0003', name: 'Persistence' },
  { id: 'TA0004', name: 'Privilege Escalation' },
  { id: 'TA0005', name: 'Defense Evasion' },
  { id: 'TA0006', name: 'Credential Access' },
  { id: 'TA0007', name: 'Discovery' },
  { id: 'TA0008', name: 'Lateral Movement' },
  { id: 'TA0009', name: 'Collection' },
  { id: 'TA0011', name: 'Command and Control' },
  { id: 'TA0010', name: 'Exfiltration' },
  { id: 'TA0040', name: 'Impact' },
] as const;
export type MitreTacticId = (typeof MITRE_TACTICS)[number]['id'];

export interface MitreTechnique {
  id: string;
  name: string;
  /** The tactics ATT&CK lists the technique under. */
  tactics: readonly MitreTacticId[];
}

/** A sub-technique (T1021.001) is named on its own; its parent's name is the id before the dot's. */
export const MITRE_TECHNIQUES = [
  { id: 'T1595', name: 'Active Scanning', tactics: ['TA0043'] },
  { id: 'T1046', name: 'Network Service Discovery', tactics: ['TA0007'] },
  { id: 'T1018', name: 'Remote System Discovery', tactics: ['TA0007'] },
  { id: 'T1190', name: 'Exploit Public-Facing Application', tactics: ['TA0001'] },
  { id: 'T1133', name: 'External Remote Services', tactics: ['TA0003', 'TA0001'] },
  { id: 'T1566', name: 'Phishing', tactics: ['TA0001'] },
  { id: 'T1021', name: 'Remote Services', tactics: ['TA0008'] },
  { id: 'T1021.001', name: 'Remote Desktop Protocol', tactics: ['TA0008'] },
  { id: 'T1021.002', name: 'SMB/Windows Admin Shares', tactics: ['TA0008'] },
  { id: 'T1021.004', name: 'SSH', tactics: ['TA0008'] },
  { id: 'T1021.006', name: 'Windows Remote Management', tactics: ['TA0008'] },
  { id: 'T1210', name: 'Exploitation of Remote Services', tactics: ['TA0008'] },
  { id: 'T1071', name: 'Application Layer Protocol', tactics: ['TA0011'] },
  { id: 'T1071.001', name: 'Web Protocols', tactics: ['TA0011'] },
  { id: 'T1071.004', name: 'DNS', tactics: ['TA0011'] },
  { id: 'T1568', name: 'Dynamic Resolution', tactics: ['TA0011'] },
  { id: 'T1568.002', name: 'Domain Generation Algorithms', tactics: ['TA0011'] },
  { id: 'T1571', name: 'Non-Standard Port', tactics: ['TA0011'] },
  { id: 'T1572', name: 'Protocol Tunneling', tactics: ['TA0011'] },
  { id: 'T1090', name: 'Proxy', tactics: ['TA0011'] },
  { id: 'T1090.003', name: 'Multi-hop Proxy', tactics: ['TA0011'] },
  { id: 'T1105', name: 'Ingress Tool Transfer', tactics: ['TA0011'] },
  { id: 'T1041', name: 'Exfiltration Over C2 Channel', tactics: ['TA0010'] },
  { id: 'T1048', name: 'Exfiltration Over Alternative Protocol', tactics: ['TA0010'] },
  { id: 'T1567', name: 'Exfiltration Over Web Service', tactics: ['TA0010'] },
  { id: 'T1496', name: 'Resource Hijacking', tactics: ['TA0040'] },
  { id: 'T1498', name: 'Network Denial of Service', tactics: ['TA0040'] },
] as const satisfies readonly MitreTechnique[];
export type MitreTechniqueId = (typeof MITRE_TECHNIQUES)[number]['id'];

export const MITRE_TACTIC_IDS = MITRE_TACTICS.map((t) => t.id) as unknown as readonly [MitreTacticId, ...MitreTacticId[]];
export const MITRE_TECHNIQUE_IDS = MITRE_TECHNIQUES.map((t) => t.id) as unknown as readonly [MitreTechniqueId, ...MitreTechniqueId[]];

const tacticById = new Map<string, (typeof MITRE_TACTICS)[number]>(MITRE_TACTICS.map((t) => [t.id, t]));
const techniqueById = new Map<string, (typeof MITRE_TECHNIQUES)[number]>(MITRE_TECHNIQUES.map((t) => [t.id, t]));

export const mitreTactic = (id: MitreTacticId) => tacticById.get(id)!;
export const mitreTechnique = (id: MitreTechniqueId) => techniqueById.get(id)!;

/** 'Remote Services: SSH' for a sub-technique, as ATT&CK titles its page; the name alone otherwise. */
export function mitreTechniqueTitle(id: MitreTechniqueId): string {
  const technique = mitreTechnique(id);
  const dot = id.indexOf('.');
  if (dot < 0) return technique.name;
  const parent = techniqueById.get(id.slice(0, dot));
  return parent ? `${parent.name}: ${technique.name}` : technique.name;
}

/** The page of a tactic or technique on attack.mitre.org (a sub-technique's path has a slash for its dot). */
export const mitreUrl = (id: MitreTacticId | MitreTechniqueId): string =>
  id.startsWith('TA') ? `https://attack.mitre.org/tactics/${id}/` : `https://attack.mitre.org/techniques/${id.replace('.', '/')}/`;
