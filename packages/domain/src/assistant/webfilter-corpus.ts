import type { AssistantVocabulary } from './webfilter-request';

/** The tenant the corpus is read for: its own names, as the server would give them. */
export const CORPUS_VOCABULARY: AssistantVocabulary = {
  groups: [
    { id: '00000000-0000-4000-8000-000000000001', name: 'Sales EMEA' },
    { id: '00000000-0000-4000-8000-000000000002', name: 'Sales US' },
    { id: '00000000-0000-4000-8000-000000000003', name: 'Finance' },
    { id: '00000000-0000-4000-8000-000000000004', name: 'Engineering' },
    { id: '00000000-0000-4000-8000-000000000005', name: 'Interns' },
  ],
  users: [{ email: 'ada@acme.test', name: 'Ada Lovelace' }],
  endpoints: [{ id: '00000000-0000-4000-8000-000000000010', name: 'reception-kiosk' }],
  deviceGroups: [{ id: '00000000-0000-4000-8000-000000000020', name: 'Paris Office' }],
  timeZone: 'Europe/Paris',
};
const G = (i: number) => `00000000-0000-4000-8000-00000000000${i}`;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'];

/** What a request must give: the payload's fields that matter (the rest are defaults), or a question. */
export type CorpusExpectation = { payload: Record<string, unknown> } | { question: RegExp };

/**
 * Requests written for the test: varied phrasing, typos, and those that must be asked back. Each
 * says exactly what it must produce; a miss is counted, a wrong payload fails the test.
 */
export const WEBFILTER_CORPUS: [string, CorpusExpectation][] = [
  [
    'block social networking and gambling for Finance',
    { payload: { action: 'block', blocked_categories: ['gambling', 'social-networking'], applies_to: { groups: [G(3)] } } },
  ],
  ['Block social media for Engineering', { payload: { blocked_categories: ['social-networking'], applies_to: { groups: [G(4)] } } }],
  ['block gambling for everyone', { payload: { blocked_categories: ['gambling'], applies_to: { everyone: true } } }],
  ['please block adult content for all users', { payload: { blocked_categories: ['adult'], applies_to: { everyone: true } } }],
  ['block porn and gambling for everybody', { payload: { blocked_categories: ['adult', 'gambling'], applies_to: { everyone: true } } }],
  ['block gamblng for Finance', { payload: { blocked_categories: ['gambling'], applies_to: { groups: [G(3)] } } }],
  ['block socal networking for Interns', { payload: { blocked_categories: ['social-networking'], applies_to: { groups: [G(5)] } } }],
  [
    'block streaming for Interns on weekdays',
    {
      payload: {
        blocked_categories: ['streaming-media'],
        schedule: { time_zone: 'Europe/Paris', windows: [{ days: WEEKDAYS, start: '00:00', end: '24:00' }] },
      },
    },
  ],
  [
    'block social networking for Sales EMEA on weekdays 9 to 5',
    { payload: { applies_to: { groups: [G(1)] }, schedule: { time_zone: 'Europe/Paris', windows: [{ days: WEEKDAYS, start: '09:00', end: '17:00' }] } } },
  ],
  [
    'block social networking and gambling for Sales US on weekdays 9 to 5 except linkedin.com',
    { payload: { blocked_categories: ['gambling', 'social-networking'], allowed_urls: ['linkedin.com'], applies_to: { groups: [G(2)] } } },
  ],
  ['block youtube for Interns', { payload: { blocked_applications: ['youtube'], blocked_categories: [], applies_to: { groups: [G(5)] } } }],
  [
    // Working hours are Monday to Friday's, unless days are said.
    'block facebook, instagram and tiktok for Finance during working hours',
    {
      payload: {
        blocked_applications: ['facebook', 'instagram', 'tiktok'],
        schedule: { time_zone: 'Europe/Paris', windows: [{ days: WEEKDAYS, start: '09:00', end: '17:00' }] },
      },
    },
  ],
  ['block twitter for Engineering', { payload: { blocked_applications: ['x'] } }],
  ['block example.com and badsite.net for everyone', { payload: { blocked_urls: ['example.com', 'badsite.net'], applies_to: { everyone: true } } }],
  [
    'block *.casino.com for the Paris Office',
    { payload: { blocked_urls: ['*.casino.com'], applies_to: { device_groups: ['00000000-0000-4000-8000-000000000020'] } } },
  ],
  ['block gaming on the reception-kiosk', { payload: { blocked_categories: ['games'], applies_to: { endpoints: ['00000000-0000-4000-8000-000000000010'] } } }],
  ['block dating sites for ada@acme.test', { payload: { blocked_categories: ['dating'], applies_to: { users: ['ada@acme.test'] } } }],
  ['block shopping for Ada Lovelace', { payload: { blocked_categories: ['shopping'], applies_to: { users: ['ada@acme.test'] } } }],
  ['allow linkedin for Sales EMEA', { payload: { action: 'allow', blocked_applications: ['linkedin'], applies_to: { groups: [G(1)] } } }],
  ['monitor ai tools for Engineering', { payload: { action: 'log', blocked_categories: ['ai-tools'] } }],
  ['log cloud storage use for Finance', { payload: { action: 'log', blocked_categories: ['cloud-storage'] } }],
  ['block torrents for everyone', { payload: { blocked_categories: ['peer-to-peer'] } }],
  ['block proxies and vpn sites for everyone', { payload: { blocked_categories: ['proxy-anonymizer'] } }],
  [
    'block gambling for Finance on weekends',
    { payload: { schedule: { time_zone: 'Europe/Paris', windows: [{ days: ['sat', 'sun'], start: '00:00', end: '24:00' }] } } },
  ],
  [
    'block games for Interns from 9am to 5:30pm',
    {
      payload: {
        schedule: { time_zone: 'Europe/Paris', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '09:00', end: '17:30' }] },
      },
    },
  ],
  [
    'block streaming for Interns monday to thursday between 08:00 and 18:00',
    { payload: { schedule: { time_zone: 'Europe/Paris', windows: [{ days: ['mon', 'tue', 'wed', 'thu'], start: '08:00', end: '18:00' }] } } },
  ],
  [
    'block gaming for Engineering after 6pm',
    {
      payload: {
        schedule: { time_zone: 'Europe/Paris', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '18:00', end: '24:00' }] },
      },
    },
  ],
  [
    'block news for Interns at lunch time',
    {
      payload: {
        blocked_categories: ['news'],
        schedule: { time_zone: 'Europe/Paris', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '12:00', end: '13:00' }] },
      },
    },
  ],
  [
    'block shopping for Finance on Mondays and Fridays',
    { payload: { schedule: { time_zone: 'Europe/Paris', windows: [{ days: ['mon', 'fri'], start: '00:00', end: '24:00' }] } } },
  ],
  ['block social networking for everyone except linkedin.com and x.com', { payload: { allowed_urls: ['linkedin.com', 'x.com'] } }],
  ['block social networking for everyone called No Social', { payload: { name: 'No Social' } }],
  ['block gambling for everyone named "Gambling ban"', { payload: { name: 'Gambling ban' } }],
  ['block malware and phishing for everyone', { payload: { blocked_categories: ['malware', 'phishing'] } }],
  // More phrasing: politeness, order, capitals, punctuation.
  ['Could you please block Gambling for the Finance group?', { payload: { blocked_categories: ['gambling'], applies_to: { groups: [G(3)] } } }],
  ['For Engineering, block gaming.', { payload: { blocked_categories: ['games'], applies_to: { groups: [G(4)] } } }],
  ['BLOCK SOCIAL MEDIA FOR INTERNS', { payload: { blocked_categories: ['social-networking'], applies_to: { groups: [G(5)] } } }],
  ['i want to block betting sites for all staff', { payload: { blocked_categories: ['gambling'], applies_to: { everyone: true } } }],
  ['deny access to dating and shopping for Interns', { payload: { blocked_categories: ['dating', 'shopping'] } }],
  ['prevent Finance from using cloud storage', { payload: { blocked_categories: ['cloud-storage'], applies_to: { groups: [G(3)] } } }],
  ['stop Interns from watching netflix', { payload: { blocked_applications: ['netflix'], applies_to: { groups: [G(5)] } } }],
  ['ban tiktok for everyone', { payload: { blocked_applications: ['tiktok'], applies_to: { everyone: true } } }],
  ['block whatsapp and spotify for Engineering', { payload: { blocked_applications: ['spotify', 'whatsapp'] } }],
  ['block dropbox for Finance except on weekends', { payload: { blocked_applications: ['dropbox'] } }],
  ['block crypto mining for everyone', { payload: { blocked_categories: ['crypto-mining'] } }],
  ['block url shorteners and parked domains for everyone', { payload: { blocked_categories: ['parked-domains', 'url-shorteners'] } }],
  ['block newly registered domains for everyone', { payload: { blocked_categories: ['newly-registered'] } }],
  ['block hacking sites for Interns', { payload: { blocked_categories: ['hacking'] } }],
  ['block weapons and drugs for everyone', { payload: { blocked_categories: ['drugs', 'weapons'] } }],
  ['block alcohol & tobacco for Interns', { payload: { blocked_categories: ['alcohol-tobacco'] } }],
  ['block job search for Engineering', { payload: { blocked_categories: ['job-search'] } }],
  ['block webmail for Finance', { payload: { blocked_categories: ['webmail'] } }],
  [
    'block streaming media for Interns weekdays from 8 to 6',
    { payload: { schedule: { time_zone: 'Europe/Paris', windows: [{ days: WEEKDAYS, start: '08:00', end: '18:00' }] } } },
  ],
  [
    'block games for Interns between 13:00 and 14:30 on fridays',
    { payload: { schedule: { time_zone: 'Europe/Paris', windows: [{ days: ['fri'], start: '13:00', end: '14:30' }] } } },
  ],
  [
    'block streaming for Engineering at night',
    {
      payload: {
        schedule: { time_zone: 'Europe/Paris', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '22:00', end: '06:00' }] },
      },
    },
  ],
  [
    'block shopping for Finance before 9am',
    {
      payload: {
        schedule: { time_zone: 'Europe/Paris', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '00:00', end: '09:00' }] },
      },
    },
  ],
  [
    'block gaming for Interns daily from noon to 2pm',
    {
      payload: {
        schedule: { time_zone: 'Europe/Paris', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '12:00', end: '14:00' }] },
      },
    },
  ],
  [
    'block social networking for Finance tuesday through thursday',
    { payload: { schedule: { time_zone: 'Europe/Paris', windows: [{ days: ['tue', 'wed', 'thu'], start: '00:00', end: '24:00' }] } } },
  ],
  ['block https://badsite.example/path for everyone', { payload: { blocked_urls: ['https://badsite.example/path'] } }],
  ['block social networking for everyone except linkedin.com', { payload: { blocked_categories: ['social-networking'], allowed_urls: ['linkedin.com'] } }],
  ['block all social networking for Finance but not slack.com', { payload: { allowed_urls: ['slack.com'] } }],
  ['log news for Engineering', { payload: { action: 'log', blocked_categories: ['news'] } }],
  ['track shopping for Finance', { payload: { action: 'log', blocked_categories: ['shopping'] } }],
  ['permit salesforce for Sales US', { payload: { action: 'allow', blocked_applications: ['salesforce'], applies_to: { groups: [G(2)] } } }],
  ['allow zoom and webex for everyone', { payload: { action: 'allow', blocked_applications: ['webex', 'zoom'] } }],
  ['block gambling for Finance and Engineering', { payload: { applies_to: { groups: [G(3), G(4)] } } }],
  ['block gambling for Sales EMEA and Sales US', { payload: { applies_to: { groups: [G(1), G(2)] } } }],
  ['block gambling for ada@acme.test and Finance', { payload: { applies_to: { users: ['ada@acme.test'], groups: [G(3)] } } }],
  [
    'block peer to peer for the Paris Office',
    { payload: { blocked_categories: ['peer-to-peer'], applies_to: { device_groups: ['00000000-0000-4000-8000-000000000020'] } } },
  ],
  ['block advertising and tracking for everyone', { payload: { blocked_categories: ['advertising', 'analytics-tracking'] } }],
  // More that must be asked back.
  ['block gambling for the Marketing team', { question: /^Who should the policy apply to/ }],
  ['make things safer', { question: /^Should the policy block, allow or only log/ }],
  ['block for Finance', { question: /^Which sites/ }],
  ['block gambling for Sales on weekdays', { question: /^Which group: Sales EMEA or Sales US\?$/ }],
  ['allow and log youtube for Finance', { question: /One action per policy/ }],
  // Asked back, never guessed.
  ['block social networking for Sales', { question: /^Which group: Sales EMEA or Sales US\?$/ }],
  ['block gambling', { question: /^Who should the policy apply to/ }],
  ['block stuff for Finance', { question: /^Which sites/ }],
  ['social networking for Finance', { question: /^Should the policy block, allow or only log/ }],
  ['block and allow youtube for Finance', { question: /One action per policy/ }],
  ['block gambling for Finance from 25 to 30', { question: /^Which hours/ }],
  ['', { question: /^Please describe your request$/ }],
];
