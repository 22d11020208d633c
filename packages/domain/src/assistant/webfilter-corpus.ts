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
    'block facebook, instagram and tiktok for Finance during working hours',
    {
      payload: {
        blocked_applications: ['facebook', 'instagram', 'tiktok'],
        schedule: { time_zone: 'Europe/Paris', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '09:00', end: '17:00' }] },
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
  // Asked back, never guessed.
  ['block social networking for Sales', { question: /^Which group: Sales EMEA or Sales US\?$/ }],
  ['block gambling', { question: /^Who should the policy apply to/ }],
  ['block stuff for Finance', { question: /^Which sites/ }],
  ['social networking for Finance', { question: /^Should the policy block, allow or only log/ }],
  ['block and allow youtube for Finance', { question: /One action per policy/ }],
  ['block gambling for Finance from 25 to 30', { question: /^Which hours/ }],
  ['', { question: /^Please describe your request$/ }],
];
