import type { AssistantAgentType } from './api';

/**
 * Requests written apart from the built-in engine, as an admin would phrase them (typos, other
 * word orders, capitals, politeness), each with the whole payload an admin expects of it, or the
 * question it must ask first. They were written before the engine was run on them; the engine may
 * learn from them, the expectations do not bend to the engine.
 *
 * A payload here is exact: every field that carries meaning is given (`webFilter()` and
 * `profile()` fill what an admin leaves unsaid: block, nobody, nothing, no schedule; the profile
 * defaults). Names and descriptions are compared only when the request gives a name.
 */
type HeldOutExpectation = { payload: Record<string, unknown> } | { question: RegExp };
export interface HeldOutCase {
  agent: AssistantAgentType;
  prompt: string;
  expect: HeldOutExpectation;
}

const G = (i: number) => `00000000-0000-4000-8000-00000000000${i}`;
const KIOSK = '00000000-0000-4000-8000-000000000010';
const PARIS = '00000000-0000-4000-8000-000000000020';
const ADA = 'ada@acme.test';
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'];
const ALL_WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** The web-filter corpus's tenant (CORPUS_VOCABULARY) keeps its schedules in Paris time. */
const when = (days: string[], start = '00:00', end = '24:00') => ({ time_zone: 'Europe/Paris', windows: [{ days, start, end }] });

interface Who {
  everyone?: boolean;
  users?: string[];
  groups?: string[];
  endpoints?: string[];
  device_groups?: string[];
}
/** A web-filter policy as an admin means it: what is not said is the form's default. */
function webFilter(p: {
  name?: string;
  action?: 'block' | 'allow' | 'log';
  who: Who;
  categories?: string[];
  allowedCategories?: string[];
  applications?: string[];
  urls?: string[];
  allowedUrls?: string[];
  schedule?: ReturnType<typeof when> | null;
}): Record<string, unknown> {
  return {
    ...(p.name ? { name: p.name } : {}),
    action: p.action ?? 'block',
    applies_to: { everyone: false, users: [], groups: [], endpoints: [], device_groups: [], ...p.who },
    blocked_categories: p.categories ?? [],
    allowed_categories: p.allowedCategories ?? [],
    blocked_applications: p.applications ?? [],
    blocked_urls: p.urls ?? [],
    allowed_urls: p.allowedUrls ?? [],
    schedule: p.schedule ?? null,
  };
}

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
/** An endpoint profile as an admin means it (PROFILE_VOCABULARY's ids): what is not said is the form's default. */
function profile(p: {
  name?: string;
  kind?: 'classic' | 'dev_app';
  relays?: string[];
  useTenantDns?: boolean;
  nameservers?: string[];
  split?: { mode: 'full' | 'include' | 'exclude'; routes: string[] };
  resources?: string[];
  autoConnect?: boolean;
  groups?: string[];
  endpoints?: string[];
}): Record<string, unknown> {
  return {
    ...(p.name ? { name: p.name } : {}),
    kind: p.kind ?? 'classic',
    relays: p.relays ?? [],
    dns: { use_tenant_dns: p.useTenantDns ?? true, nameservers: p.nameservers ?? [] },
    split_tunnel: p.split ?? { mode: 'include', routes: [] },
    resources: p.resources ?? [],
    auto_connect: p.autoConnect ?? true,
    assigned: { endpoints: p.endpoints ?? [], groups: p.groups ?? [] },
  };
}
const FINANCE = id(1);
const SALES_EMEA = id(2);
const SALES_US = id(3);
const ADA_LAPTOP = id(10);
const FRANKFURT = id(20);
const VIRGINIA = id(21);
const OREGON = id(22);
const ERP = id(30);
const GIT = id(31);

const wf = (prompt: string, expect: HeldOutExpectation): HeldOutCase => ({ agent: 'webfilter', prompt, expect });
const mza = (prompt: string, expect: HeldOutExpectation): HeldOutCase => ({ agent: 'mza_profile', prompt, expect });
const ANY_QUESTION = /\?/;

export const HELD_OUT_CORPUS: HeldOutCase[] = [
  // Web filter: what to block, for whom, when.
  wf('Pls block gambing for finance', { payload: webFilter({ who: { groups: [G(3)] }, categories: ['gambling'] }) }),
  wf('block facebok and instagram for interns', { payload: webFilter({ who: { groups: [G(5)] }, applications: ['facebook', 'instagram'] }) }),
  wf('no social media for the interns', { payload: webFilter({ who: { groups: [G(5)] }, categories: ['social-networking'] }) }),
  wf('Block TikTok and YouTube for everyone on weekdays', {
    payload: webFilter({ who: { everyone: true }, applications: ['tiktok', 'youtube'], schedule: when(WEEKDAYS) }),
  }),
  wf('block streaming sites for Engineering from 10:00 to 16:00 on weekdays', {
    payload: webFilter({ who: { groups: [G(4)] }, categories: ['streaming-media'], schedule: when(WEEKDAYS, '10:00', '16:00') }),
  }),
  wf('allow linkedin.com for Sales EMEA', { payload: webFilter({ action: 'allow', who: { groups: [G(1)] }, urls: ['linkedin.com'] }) }),
  wf('log all traffic to dropbox for Finance', { payload: webFilter({ action: 'log', who: { groups: [G(3)] }, applications: ['dropbox'] }) }),
  wf('Block adult content and gambling for the reception-kiosk', { payload: webFilter({ who: { endpoints: [KIOSK] }, categories: ['adult', 'gambling'] }) }),
  wf('block gambling for ada@acme.test', { payload: webFilter({ who: { users: [ADA] }, categories: ['gambling'] }) }),
  wf('Block shopping sites for Ada Lovelace on weekends', {
    payload: webFilter({ who: { users: [ADA] }, categories: ['shopping'], schedule: when(['sat', 'sun']) }),
  }),
  wf('block netflix & spotify for Paris Office', { payload: webFilter({ who: { device_groups: [PARIS] }, applications: ['netflix', 'spotify'] }) }),
  wf('block chatgpt and other AI tools for Finance', { payload: webFilter({ who: { groups: [G(3)] }, categories: ['ai-tools'] }) }),
  wf('Block cryptocurrency sites for everyone', { payload: webFilter({ who: { everyone: true }, categories: ['cryptocurrency'] }) }),
  wf('block phising and malware for all employees', { payload: webFilter({ who: { everyone: true }, categories: ['malware', 'phishing'] }) }),
  wf('block *.tiktok.com for Interns', { payload: webFilter({ who: { groups: [G(5)] }, urls: ['*.tiktok.com'] }) }),
  wf('block reddit.com and 9gag.com for Engineering', { payload: webFilter({ who: { groups: [G(4)] }, urls: ['reddit.com', '9gag.com'] }) }),
  wf('block gambling for Finance between 8am and 6pm', {
    payload: webFilter({ who: { groups: [G(3)] }, categories: ['gambling'], schedule: when(ALL_WEEK, '08:00', '18:00') }),
  }),
  wf('block games for Interns on Saturday and Sunday', {
    payload: webFilter({ who: { groups: [G(5)] }, categories: ['games'], schedule: when(['sat', 'sun']) }),
  }),
  wf('block social networking for Sales US on mondays', {
    payload: webFilter({ who: { groups: [G(2)] }, categories: ['social-networking'], schedule: when(['mon']) }),
  }),
  wf('block streaming for everyone wednesday to friday from 14:00 to 18:00', {
    payload: webFilter({ who: { everyone: true }, categories: ['streaming-media'], schedule: when(['wed', 'thu', 'fri'], '14:00', '18:00') }),
  }),
  wf('block messaging apps for Finance', { payload: webFilter({ who: { groups: [G(3)] }, categories: ['messaging'] }) }),
  wf('monitor webmail for Sales EMEA', { payload: webFilter({ action: 'log', who: { groups: [G(1)] }, categories: ['webmail'] }) }),
  wf('watch job sites for Engineering', { payload: webFilter({ action: 'log', who: { groups: [G(4)] }, categories: ['job-search'] }) }),
  wf('Block video streaming and music for Interns', { payload: webFilter({ who: { groups: [G(5)] }, categories: ['music', 'streaming-media'] }) }),
  wf('block gambling and betting for everyone', { payload: webFilter({ who: { everyone: true }, categories: ['gambling'] }) }),
  wf('block social networking for Interns after 5pm', {
    payload: webFilter({ who: { groups: [G(5)] }, categories: ['social-networking'], schedule: when(ALL_WEEK, '17:00', '24:00') }),
  }),
  wf('block social networking for Interns before 8', {
    payload: webFilter({ who: { groups: [G(5)] }, categories: ['social-networking'], schedule: when(ALL_WEEK, '00:00', '08:00') }),
  }),
  wf('Block Gambling, Dating and Adult for the Sales EMEA team', {
    payload: webFilter({ who: { groups: [G(1)] }, categories: ['adult', 'dating', 'gambling'] }),
  }),
  wf('block p2p and torrents for Engineering', { payload: webFilter({ who: { groups: [G(4)] }, categories: ['peer-to-peer'] }) }),
  wf('block anonymizers for all users', { payload: webFilter({ who: { everyone: true }, categories: ['proxy-anonymizer'] }) }),
  wf('block url shorteners for Finance called Short links', {
    payload: webFilter({ name: 'Short links', who: { groups: [G(3)] }, categories: ['url-shorteners'] }),
  }),
  wf('block gambling for Interns and Engineering on weekdays from 9 to 17', {
    payload: webFilter({ who: { groups: [G(4), G(5)] }, categories: ['gambling'], schedule: when(WEEKDAYS, '09:00', '17:00') }),
  }),
  wf('block shopping and fashion for Sales US', { payload: webFilter({ who: { groups: [G(2)] }, categories: ['fashion-beauty', 'shopping'] }) }),
  wf('block sports and news sites for Interns during lunch', {
    payload: webFilter({ who: { groups: [G(5)] }, categories: ['news', 'sports'], schedule: when(ALL_WEEK, '12:00', '13:00') }),
  }),
  wf('block instagram for everybody except on sundays', {
    payload: webFilter({ who: { everyone: true }, applications: ['instagram'], schedule: when(['mon', 'tue', 'wed', 'thu', 'fri', 'sat']) }),
  }),
  wf('Block online gambling for Finance.', { payload: webFilter({ who: { groups: [G(3)] }, categories: ['gambling'] }) }),
  wf('log AI for everyone', { payload: webFilter({ action: 'log', who: { everyone: true }, categories: ['ai-tools'] }) }),
  wf('ban crypto mining on the Paris Office devices', { payload: webFilter({ who: { device_groups: [PARIS] }, categories: ['crypto-mining'] }) }),
  wf('block hacking, proxies and malware for Interns called Intern safety', {
    payload: webFilter({ name: 'Intern safety', who: { groups: [G(5)] }, categories: ['hacking', 'malware', 'proxy-anonymizer'] }),
  }),
  wf('block x.com for Engineering', { payload: webFilter({ who: { groups: [G(4)] }, urls: ['x.com'] }) }),
  wf('Block Gambling for FINANCE on Weekdays 9-5', {
    payload: webFilter({ who: { groups: [G(3)] }, categories: ['gambling'], schedule: when(WEEKDAYS, '09:00', '17:00') }),
  }),
  wf('block soical media for Engineering', { payload: webFilter({ who: { groups: [G(4)] }, categories: ['social-networking'] }) }),
  wf('block gambling for Finance during business hours', {
    payload: webFilter({ who: { groups: [G(3)] }, categories: ['gambling'], schedule: when(WEEKDAYS, '09:00', '17:00') }),
  }),
  wf('Allow Zoom and Microsoft Teams for the Paris Office', {
    payload: webFilter({ action: 'allow', who: { device_groups: [PARIS] }, applications: ['teams', 'zoom'] }),
  }),
  wf('block newly registered and parked domains for everyone', {
    payload: webFilter({ who: { everyone: true }, categories: ['newly-registered', 'parked-domains'] }),
  }),
  wf('block gambling for Finance except bet365.com', {
    payload: webFilter({ who: { groups: [G(3)] }, categories: ['gambling'], allowedUrls: ['bet365.com'] }),
  }),
  // Web filter: what must be asked back, never guessed.
  wf('block social networking for everyone except linkedin', { question: /linkedin/i }),
  wf('block everything for Interns', { question: ANY_QUESTION }),
  wf('block gambling for Marketing', { question: /^Who should the policy apply to/ }),
  wf('block gambling for sales', { question: /^Which group: Sales EMEA or Sales US\?$/ }),
  wf('allow youtube', { question: /^Who should the policy apply to/ }),
  wf('block for everyone', { question: /^Which sites/ }),
  wf('please help', { question: ANY_QUESTION }),
  wf('block gambling and allow news for Finance', { question: /One action per policy/ }),
  wf('block gambling for Finance from 9 to 9', { question: /^Which hours/ }),
  wf('block dating for the kiosk', { question: ANY_QUESTION }),
  wf('block gambling for Globex Secret Lab', { question: /^Who should the policy apply to/ }),
  wf('delete every policy', { question: ANY_QUESTION }),

  // Endpoint profiles.
  mza('create a ZTNA profile for Sales US using the Virginia relay', { payload: profile({ relays: [VIRGINIA], groups: [SALES_US] }) }),
  mza('profile for ada-laptop, dev app, with the git server', { payload: profile({ kind: 'dev_app', resources: [GIT], endpoints: [ADA_LAPTOP] }) }),
  mza('Finance profile via Frankfurt relay, full tunnel', {
    payload: profile({ relays: [FRANKFURT], split: { mode: 'full', routes: [] }, groups: [FINANCE] }),
  }),
  mza('profile for Sales EMEA with the Oregon relay that connects manually', {
    payload: profile({ relays: [OREGON], autoConnect: false, groups: [SALES_EMEA] }),
  }),
  mza('profile for Finance with nameservers 10.1.1.53 and 10.1.2.53', { payload: profile({ nameservers: ['10.1.1.53', '10.1.2.53'], groups: [FINANCE] }) }),
  mza('a profile for Finance without the company DNS, using 1.1.1.1 as dns', {
    payload: profile({ useTenantDns: false, nameservers: ['1.1.1.1'], groups: [FINANCE] }),
  }),
  mza('profile for Sales US, route only 172.16.0.0/12 through the tunnel', {
    payload: profile({ split: { mode: 'include', routes: ['172.16.0.0/12'] }, groups: [SALES_US] }),
  }),
  mza('profile for Finance: everything through the tunnel except 10.0.0.0/8', {
    payload: profile({ split: { mode: 'exclude', routes: ['10.0.0.0/8'] }, groups: [FINANCE] }),
  }),
  mza('Dev App profile for Finance with erp and git', { payload: profile({ kind: 'dev_app', resources: [ERP, GIT], groups: [FINANCE] }) }),
  mza('developer profile for ada-laptop', { payload: profile({ kind: 'dev_app', endpoints: [ADA_LAPTOP] }) }),
  mza('profile for Finance, tunnel 10.10.0.0/16 and 10.20.0.0/16 only, no auto connect', {
    payload: profile({ split: { mode: 'include', routes: ['10.10.0.0/16', '10.20.0.0/16'] }, autoConnect: false, groups: [FINANCE] }),
  }),
  mza('profile called Road warriors for Sales EMEA and Sales US with the eu relay', {
    payload: profile({ name: 'Road warriors', relays: [FRANKFURT], groups: [SALES_EMEA, SALES_US] }),
  }),
  mza('profile for Finance with the Virginia and Oregon relays', { payload: profile({ relays: [VIRGINIA, OREGON], groups: [FINANCE] }) }),
  mza('a profile for ada-laptop', { payload: profile({ endpoints: [ADA_LAPTOP] }) }),
  mza('make a profile for Finance with 8.8.8.8 dns', { payload: profile({ nameservers: ['8.8.8.8'], groups: [FINANCE] }) }),
  mza('profile for Finance with the Frankfurt relay and on-demand connection', {
    payload: profile({ relays: [FRANKFURT], autoConnect: false, groups: [FINANCE] }),
  }),
  mza('profile for Finance with the git server, split tunnel 192.168.10.0/24', {
    payload: profile({ resources: [GIT], split: { mode: 'include', routes: ['192.168.10.0/24'] }, groups: [FINANCE] }),
  }),
  mza('profile for Sales EMEA, all traffic through the tunnel', { payload: profile({ split: { mode: 'full', routes: [] }, groups: [SALES_EMEA] }) }),
  mza('profile for Finance with the EU relay, DNS 10.0.0.53, connects manually, named Finance remote', {
    payload: profile({ name: 'Finance remote', relays: [FRANKFURT], nameservers: ['10.0.0.53'], autoConnect: false, groups: [FINANCE] }),
  }),
  mza('Profile for Sales US with the Virgina relay', { payload: profile({ relays: [VIRGINIA], groups: [SALES_US] }) }),
  // Endpoint profiles: what must be asked back.
  mza('profile for the US sales team', { question: ANY_QUESTION }),
  mza('profile for Sales with the Frankfurt relay', { question: /^Which group: Sales EMEA or Sales US\?$/ }),
  mza('profile for Finance through the EU relay and the US relay', { question: /^Which relay/ }),
  mza('profile for Finance using the tokyo relay', { question: /relay/i }),
  mza('profile for Finance with full tunnel and 10.0.0.0/8', { question: /all traffic/ }),
  mza('profile for Marketing', { question: ANY_QUESTION }),
];

/**
 * A second batch, written after the engine had learnt from the first (whose figure is therefore no
 * longer independent): its first run is the engine's held-out figure as it stands.
 */
export const HELD_OUT_CORPUS_2: HeldOutCase[] = [
  wf('Block youtube and netflix for the interns during office hours', {
    payload: webFilter({ who: { groups: [G(5)] }, applications: ['netflix', 'youtube'], schedule: when(WEEKDAYS, '09:00', '17:00') }),
  }),
  wf('stop engineering from visiting gambling sites', { payload: webFilter({ who: { groups: [G(4)] }, categories: ['gambling'] }) }),
  wf("I'd like to block dating apps for Sales EMEA", { payload: webFilter({ who: { groups: [G(1)] }, categories: ['dating'] }) }),
  wf('block adult sites on the reception kiosk', { payload: webFilter({ who: { endpoints: [KIOSK] }, categories: ['adult'] }) }),
  wf('allow salesforce and linkedin for Sales US and Sales EMEA', {
    payload: webFilter({ action: 'allow', who: { groups: [G(1), G(2)] }, applications: ['linkedin', 'salesforce'] }),
  }),
  wf('block weapons for everyone at weekends', { payload: webFilter({ who: { everyone: true }, categories: ['weapons'], schedule: when(['sat', 'sun']) }) }),
  wf('log social networking for Finance from 9:30 to 12:00', {
    payload: webFilter({ action: 'log', who: { groups: [G(3)] }, categories: ['social-networking'], schedule: when(ALL_WEEK, '09:30', '12:00') }),
  }),
  wf('block streaming media for Engineering on tuesdays and thursdays', {
    payload: webFilter({ who: { groups: [G(4)] }, categories: ['streaming-media'], schedule: when(['tue', 'thu']) }),
  }),
  wf('block games and gambling for Interns except on fridays', {
    payload: webFilter({ who: { groups: [G(5)] }, categories: ['gambling', 'games'], schedule: when(['mon', 'tue', 'wed', 'thu', 'sat', 'sun']) }),
  }),
  wf('block file sharing for Finance', { payload: webFilter({ who: { groups: [G(3)] }, categories: ['file-sharing'] }) }),
  wf('block torent sites for everyone', { payload: webFilter({ who: { everyone: true }, categories: ['peer-to-peer'] }) }),
  wf('block spotify for ada@acme.test on weekdays', { payload: webFilter({ who: { users: [ADA] }, applications: ['spotify'], schedule: when(WEEKDAYS) }) }),
  wf('block gambling for Finance and the Paris Office', { payload: webFilter({ who: { groups: [G(3)], device_groups: [PARIS] }, categories: ['gambling'] }) }),
  wf('block instagram.com and facebook.com for Interns', { payload: webFilter({ who: { groups: [G(5)] }, urls: ['instagram.com', 'facebook.com'] }) }),
  wf('block ads for everyone', { payload: webFilter({ who: { everyone: true }, categories: ['advertising'] }) }),
  wf('block gambling for Finance from 6pm to 8am', {
    payload: webFilter({ who: { groups: [G(3)] }, categories: ['gambling'], schedule: when(ALL_WEEK, '18:00', '08:00') }),
  }),
  wf('block hacking sites for Engineering, name it No hacking', {
    payload: webFilter({ name: 'No hacking', who: { groups: [G(4)] }, categories: ['hacking'] }),
  }),
  wf('Block Social Networking for Sales EMEA, Mon-Fri 8:00-18:00', {
    payload: webFilter({ who: { groups: [G(1)] }, categories: ['social-networking'], schedule: when(WEEKDAYS, '08:00', '18:00') }),
  }),
  wf('block social networking for Sales', { question: /^Which group: Sales EMEA or Sales US\?$/ }),
  wf('block gambling for the accountants', { question: /^Who should the policy apply to/ }),
  wf('make the internet safer for Interns', { question: ANY_QUESTION }),
  wf('block everything except linkedin.com for Interns', { question: ANY_QUESTION }),
  mza('profile for Sales EMEA with the Frankfurt relay and dns 192.168.1.1', {
    payload: profile({ relays: [FRANKFURT], nameservers: ['192.168.1.1'], groups: [SALES_EMEA] }),
  }),
  mza('dev app profile for Sales US with the erp server, connects manually', {
    payload: profile({ kind: 'dev_app', resources: [ERP], autoConnect: false, groups: [SALES_US] }),
  }),
  mza('profile for ada-laptop with full tunnel except 192.168.0.0/16', {
    payload: profile({ split: { mode: 'exclude', routes: ['192.168.0.0/16'] }, endpoints: [ADA_LAPTOP] }),
  }),
  mza('a ZTNA profile for Finance and Sales US through the Oregon relay', { payload: profile({ relays: [OREGON], groups: [FINANCE, SALES_US] }) }),
  mza('profile for Finance with the Frankfurt and Virginia relays', { payload: profile({ relays: [FRANKFURT, VIRGINIA], groups: [FINANCE] }) }),
  mza('profile for Finance, only git through the tunnel', { payload: profile({ resources: [GIT], groups: [FINANCE] }) }),
  mza('profile for Finance with the asia-pacific relay', { question: ANY_QUESTION }),
  mza('profile for interns', { question: ANY_QUESTION }),
  mza('Profile for finance, named Accounts VPN, with the eu relay', { payload: profile({ name: 'Accounts VPN', relays: [FRANKFURT], groups: [FINANCE] }) }),
  mza('profile for Sales US that does not auto connect', { payload: profile({ autoConnect: false, groups: [SALES_US] }) }),
];
