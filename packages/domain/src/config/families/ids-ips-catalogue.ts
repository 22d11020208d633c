/**
 * What the gateways' IDS/IPS engine ships with: its rule categories, in the style of the Emerging
 * Threats rule set Suricata runs, and a few of its signatures (the simulated gateways draw their
 * alerts from these). A signature id (sid) names one rule; a category groups rules one action applies to.
 */
export const IDS_CATEGORIES = [
  { key: 'malware', label: 'Malware', description: 'Downloads and traffic of known malware' },
  { key: 'botnet-cnc', label: 'Botnet command and control', description: 'Infected hosts calling their controllers' },
  { key: 'exploit', label: 'Exploits', description: 'Attempts on known vulnerabilities of services' },
  { key: 'web-attack', label: 'Web attacks', description: 'SQL injection, cross-site scripting, path traversal' },
  { key: 'scan', label: 'Scans', description: 'Port and vulnerability scanners' },
  { key: 'dos', label: 'Denial of service', description: 'Floods and amplification' },
  { key: 'phishing', label: 'Phishing', description: 'Credential-stealing pages and kits' },
  { key: 'coinminer', label: 'Coin miners', description: 'Crypto-currency mining pools and miners' },
  { key: 'policy', label: 'Policy', description: 'Traffic many networks forbid: Tor, peer-to-peer, remote access tools' },
  { key: 'info', label: 'Informational', description: 'Unusual but not hostile traffic' },
] as const;
export type IdsCategory = (typeof IDS_CATEGORIES)[number]['key'];
// A tuple, as an enum of its keys needs one.
export const IDS_CATEGORY_KEYS = IDS_CATEGORIES.map((c) => c.key) as unknown as readonly [IdsCategory, ...IdsCategory[]];

/** Suricata's severity (its `priority`): 1 is the most severe. */
export type IdsSeverity = 1 | 2 | 3;

export interface IdsSignature {
  sid: number;
  message: string;
  category: IdsCategory;
  severity: IdsSeverity;
  protocol: 'TCP' | 'UDP' | 'ICMP';
  /** The port the traffic it matches goes to. */
  port: number;
  /** Whether the traffic it matches comes from outside the home networks (an attack) or from inside (an infected host). */
  inbound: boolean;
}

export const IDS_SIGNATURES: readonly IdsSignature[] = [
  {
    sid: 2044001,
    message: 'ET MALWARE Win32/Agent Tesla exfiltration over SMTP',
    category: 'malware',
    severity: 1,
    protocol: 'TCP',
    port: 587,
    inbound: false,
  },
  {
    sid: 2044002,
    message: 'ET MALWARE Possible malicious Office document download',
    category: 'malware',
    severity: 1,
    protocol: 'TCP',
    port: 80,
    inbound: false,
  },
  { sid: 2044101, message: 'ET CNC Cobalt Strike beacon check-in', category: 'botnet-cnc', severity: 1, protocol: 'TCP', port: 443, inbound: false },
  { sid: 2044102, message: 'ET CNC Known botnet controller DNS lookup', category: 'botnet-cnc', severity: 1, protocol: 'UDP', port: 53, inbound: false },
  { sid: 2044201, message: 'ET EXPLOIT Apache Log4j JNDI lookup attempt', category: 'exploit', severity: 1, protocol: 'TCP', port: 443, inbound: true },
  { sid: 2044202, message: 'ET EXPLOIT SMBv1 remote code execution attempt', category: 'exploit', severity: 1, protocol: 'TCP', port: 445, inbound: true },
  { sid: 2044301, message: 'ET WEB_ATTACK SQL injection UNION SELECT in URI', category: 'web-attack', severity: 2, protocol: 'TCP', port: 80, inbound: true },
  { sid: 2044302, message: 'ET WEB_ATTACK Directory traversal ../ in URI', category: 'web-attack', severity: 2, protocol: 'TCP', port: 443, inbound: true },
  { sid: 2044401, message: 'ET SCAN Nmap SYN scan', category: 'scan', severity: 3, protocol: 'TCP', port: 22, inbound: true },
  { sid: 2044402, message: 'ET SCAN Potential VNC scan 5900-5920', category: 'scan', severity: 2, protocol: 'TCP', port: 5900, inbound: true },
  { sid: 2044501, message: 'ET DOS Possible NTP amplification inbound', category: 'dos', severity: 2, protocol: 'UDP', port: 123, inbound: true },
  { sid: 2044601, message: 'ET PHISHING Credential phish landing page', category: 'phishing', severity: 2, protocol: 'TCP', port: 443, inbound: false },
  { sid: 2044701, message: 'ET COINMINER Stratum mining protocol login', category: 'coinminer', severity: 2, protocol: 'TCP', port: 3333, inbound: false },
  { sid: 2044801, message: 'ET POLICY Tor relay traffic', category: 'policy', severity: 3, protocol: 'TCP', port: 9001, inbound: false },
  { sid: 2044802, message: 'ET POLICY BitTorrent DHT ping', category: 'policy', severity: 3, protocol: 'UDP', port: 6881, inbound: false },
  { sid: 2044901, message: 'ET INFO Executable downloaded over plain HTTP', category: 'info', severity: 3, protocol: 'TCP', port: 80, inbound: false },
];
