import { WEB_CATEGORIES } from '../webfilter/categories';
import { WEB_APPLICATIONS } from '../webfilter/web-applications';
import { WEEKDAYS, type ScheduleWindow, type Weekday } from '../webfilter/schedule';
import { webFilterPolicyInputSchema, WEBFILTER_LIMITS, type WebFilterAction, type WebFilterPolicyInput } from '../webfilter/policy';
import { isUrlPattern } from '../webfilter/url-patterns';
import { calledIn } from './called';

/**
 * The built-in assistant's reading of a web-filter request ("block social networking and gambling
 * for Sales on weekdays 9 to 5 except linkedin.com"): the tenant's own names (groups, users,
 * endpoints, device groups), the category and application databases, days and hours. It never
 * guesses: a name that fits several things, or nothing, is asked back; what it cannot place is
 * said, never dropped silently.
 */
export interface AssistantVocabulary {
  groups: { id: string; name: string }[];
  users: { email: string; name: string }[];
  endpoints: { id: string; name: string }[];
  deviceGroups: { id: string; name: string }[];
  /** The schedule's zone: the tenant's (or the admin's) time zone. */
  timeZone: string;
}

export type AssistantReading<P> = { kind: 'payload'; payload: P; summary: string[] } | { kind: 'question'; text: string };

const ACTION_WORDS: [WebFilterAction, RegExp][] = [
  ['block', /\b(block|blocks|blocking|deny|forbid|ban|stop|prevent|restrict)\b|^(?:please |pls )?no\b/],
  ['allow', /\b(allow|allows|allowing|permit|whitelist|unblock|let)\b/],
  ['log', /\b(monitor|log|logs|track|watch|audit)\b/],
];

/** Other words people use for a category; the category's own name and id always count. */
const CATEGORY_SYNONYMS: Record<string, string[]> = {
  'social-networking': ['social media', 'social networks', 'social network', 'social sites', 'social'],
  adult: ['porn', 'pornography', 'adult sites', 'nsfw'],
  gambling: ['betting', 'casino', 'casinos', 'gambling sites'],
  'streaming-media': ['streaming', 'video streaming', 'streaming video'],
  games: ['gaming', 'online games', 'game sites'],
  'peer-to-peer': ['p2p', 'torrents', 'torrent', 'bittorrent'],
  'proxy-anonymizer': ['proxies', 'proxy', 'vpn sites', 'anonymizers', 'anonymisers'],
  'job-search': ['job sites', 'jobs', 'recruiting'],
  shopping: ['online shopping', 'shops', 'e-commerce', 'ecommerce'],
  'fashion-beauty': ['fashion', 'beauty'],
  messaging: ['chat apps', 'instant messaging'],
  webmail: ['web mail', 'personal email', 'personal e-mail'],
  'ai-tools': ['ai', 'chatbots', 'generative ai', 'ai chatbots'],
  'crypto-mining': ['cryptomining', 'coin mining', 'mining'],
  cryptocurrency: ['crypto', 'bitcoin'],
  dating: ['dating sites'],
  news: ['news sites'],
  sports: ['sport'],
  music: ['music streaming'],
  'file-sharing': ['file sharing sites'],
  'cloud-storage': ['file storage', 'online storage'],
  malware: ['malicious sites', 'viruses'],
  phishing: ['phishing sites', 'scams'],
  'analytics-tracking': ['tracking', 'trackers', 'tracking sites'],
  advertising: ['ads', 'adverts', 'ad networks'],
};
const APPLICATION_SYNONYMS: Record<string, string[]> = {
  x: ['twitter'],
  'microsoft-365': ['office 365', 'o365', 'microsoft office'],
  teams: ['ms teams'],
  aws: ['amazon web services'],
  apple: ['icloud'],
};

const DAY_NAMES: Record<string, Weekday> = {
  monday: 'mon',
  mon: 'mon',
  tuesday: 'tue',
  tue: 'tue',
  tues: 'tue',
  wednesday: 'wed',
  wed: 'wed',
  thursday: 'thu',
  thu: 'thu',
  thurs: 'thu',
  friday: 'fri',
  fri: 'fri',
  saturday: 'sat',
  sat: 'sat',
  sunday: 'sun',
  sun: 'sun',
};

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A phrase as whole words, tolerant of '&'/'and' and of hyphens as spaces. */
const phraseRe = (phrase: string) =>
  new RegExp(
    `(?<![\\w.-])${escapeRe(phrase.toLowerCase())
      .replace(/\\?-|\s+/g, '[\\s-]+')
      .replace(/&/g, '(?:&|and)')}(?![\\w-])`,
  );

/** Edit distance counting a swap of two neighbouring letters as one edit ("soical" is one off "social"). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

const commonPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

type Entry = { id: string; names: string[] };

/**
 * The entries the text names: by a whole name (phrase), or by a word one letter off a one-word name
 * of six letters or more (two off from nine). A misspelt word that is as near to two entries
 * counts for the one it shares a longer start with ("gambing": Gambling, not Games), and for
 * neither when that ties too.
 */
function entriesIn(text: string, entries: Entry[]): string[] {
  const found = new Set(entries.filter((e) => e.names.some((n) => phraseRe(n).test(text))).map((e) => e.id));
  const exactWords = new Set(entries.flatMap((e) => e.names.map((n) => n.toLowerCase())));
  for (const w of text.split(/[^a-z0-9-]+/)) {
    if (w.length < 5 || exactWords.has(w)) continue;
    let best: { id: string; d: number; prefix: number }[] = [];
    for (const e of entries) {
      for (const n of e.names.map((x) => x.toLowerCase())) {
        if (n.includes(' ') || n.length < 6 || Math.abs(w.length - n.length) > 2) continue;
        const d = distance(w, n);
        if (d > (n.length >= 9 ? 2 : 1)) continue;
        const c = { id: e.id, d, prefix: commonPrefix(w, n) };
        if (!best.length || d < best[0]!.d) best = [c];
        else if (d === best[0]!.d) best.push(c);
      }
    }
    const top = Math.max(...best.map((c) => c.prefix));
    const ids = new Set(best.filter((c) => c.prefix === top).map((c) => c.id));
    if (ids.size === 1) found.add([...ids][0]!);
  }
  return entries.filter((e) => found.has(e.id)).map((e) => e.id);
}

const URL_RE = /(?:https?:\/\/)?(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?:\/[^\s,;]*)?/g;

function urlsIn(text: string): string[] {
  return [...new Set((text.match(URL_RE) ?? []).map((u) => u.replace(/[.)]+$/, '')).filter(isUrlPattern))];
}

const CATEGORY_ENTRIES: Entry[] = WEB_CATEGORIES.map((c) => ({ id: c.id, names: [c.name, c.id, ...(CATEGORY_SYNONYMS[c.id] ?? [])] }));
// 'x' alone is a letter, not the application: only its other names count.
const APPLICATION_ENTRIES: Entry[] = WEB_APPLICATIONS.map((a) => ({
  id: a.id,
  names: [a.name.replace(/\s*\(.*\)$/, ''), ...(APPLICATION_SYNONYMS[a.id] ?? [])].filter((n) => n.length > 1),
}));

function categoriesIn(text: string): string[] {
  const found = entriesIn(text, CATEGORY_ENTRIES);
  // 'crypto mining' is not also cryptocurrency.
  return found.filter((id) => !(id === 'cryptocurrency' && found.includes('crypto-mining') && !/\bcrypto(currency|currencies)?\b(?!\s*mining)/.test(text)));
}

function applicationsIn(text: string): string[] {
  return entriesIn(text, APPLICATION_ENTRIES);
}

/** "9", "9am", "5pm", "17:30", "noon", "midnight" as HH:MM; "5" after a morning start reads as 17:00. */
function clockOf(token: string, afternoonIfSmall: boolean): string | null {
  const t = token.trim().toLowerCase();
  if (t === 'noon' || t === 'midday') return '12:00';
  if (t === 'midnight') return afternoonIfSmall ? '24:00' : '00:00';
  const m = /^(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm)?$/.exec(t);
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  if (h > 24 || min > 59) return null;
  if (m[3] === 'pm' && h < 12) h += 12;
  if (m[3] === 'am' && h === 12) h = 0;
  if (!m[3] && afternoonIfSmall && h >= 1 && h <= 7) h += 12;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

const CLOCK = '(\\d{1,2}(?:[:.h]\\d{2})?\\s*(?:am|pm)?|noon|midday|midnight)';

/** Hours, and whether they are a working day's (business hours are Monday to Friday unless days are said). */
function hoursIn(text: string): { start: string; end: string; workdays?: true } | null | 'unreadable' {
  if (/\b(business|office|working|work) hours\b/.test(text)) return { start: '09:00', end: '17:00', workdays: true };
  if (/\b(at night|overnight|night time|nighttime)\b/.test(text)) return { start: '22:00', end: '06:00' };
  if (/\b(lunch ?time|lunch ?break|(at|during|over) lunch)\b/.test(text)) return { start: '12:00', end: '13:00' };
  const range = new RegExp(`\\b(?:from|between)?\\s*${CLOCK}\\s*(?:-|–|to|until|till|and)\\s*${CLOCK}`).exec(text);
  if (range) {
    const start = clockOf(range[1]!, false);
    const end = start ? clockOf(range[2]!, Number(start.slice(0, 2)) < 12 && !/am|pm/.test(range[2]!) ? true : false) : null;
    if (!start || !end || start === end) return 'unreadable';
    return { start, end };
  }
  const after = new RegExp(`\\bafter\\s+${CLOCK}`).exec(text);
  if (after) {
    const start = clockOf(after[1]!, true);
    return start ? { start, end: '24:00' } : 'unreadable';
  }
  const before = new RegExp(`\\bbefore\\s+${CLOCK}`).exec(text);
  if (before) {
    const end = clockOf(before[1]!, false);
    return end ? { start: '00:00', end } : 'unreadable';
  }
  return null;
}

function daysIn(text: string): Weekday[] | null {
  if (/\b(weekdays|week days|workdays|working days|business days|monday to friday|mon-fri|mon to fri)\b/.test(text)) return ['mon', 'tue', 'wed', 'thu', 'fri'];
  if (/\b(weekends?|saturday and sunday|sat and sun)\b/.test(text)) return ['sat', 'sun'];
  if (/\b(every ?day|daily|all week)\b/.test(text)) return [...WEEKDAYS];
  const range =
    /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun)\s*(?:-|to|through|thru)\s*(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun)\b/.exec(
      text,
    );
  if (range) {
    const a = WEEKDAYS.indexOf(DAY_NAMES[range[1]!]!);
    const b = WEEKDAYS.indexOf(DAY_NAMES[range[2]!]!);
    const out: Weekday[] = [];
    for (let i = a; ; i = (i + 1) % 7) {
      out.push(WEEKDAYS[i]!);
      if (i === b) break;
    }
    return out;
  }
  const named = [...text.matchAll(/\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b/g)].map((m) => DAY_NAMES[m[1]!]!);
  return named.length ? WEEKDAYS.filter((d) => named.includes(d)) : null;
}

type Who = { everyone: boolean; users: string[]; groups: string[]; endpoints: string[]; device_groups: string[] };

/** Names of the tenant's things the text mentions, and the ones it mentions ambiguously. */
function whoIn(text: string, vocab: AssistantVocabulary): { who: Who; names: string[] } | { question: string } {
  const who: Who = { everyone: false, users: [], groups: [], endpoints: [], device_groups: [] };
  const names: string[] = [];
  if (/\b(everyone|everybody|all users|all staff|all employees|the whole (company|organisation|organization)|all devices|everything)\b/.test(text)) {
    who.everyone = true;
    names.push('everyone');
  }
  for (const email of text.match(/[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/g) ?? []) {
    who.users.push(email);
    names.push(email);
  }
  const kinds: [keyof Who, { id: string; name: string }[], string][] = [
    ['groups', vocab.groups, 'group'],
    ['device_groups', vocab.deviceGroups, 'device group'],
    ['endpoints', vocab.endpoints, 'endpoint'],
  ];
  const taken: string[] = [];
  for (const [key, items, label] of kinds) {
    // The longest names first: "Sales EMEA" is read before "Sales" could claim its first word.
    for (const item of [...items].sort((a, b) => b.name.length - a.name.length)) {
      if (!phraseRe(item.name).test(text) || taken.some((t) => t.toLowerCase().includes(item.name.toLowerCase()))) continue;
      (who[key] as string[]).push(item.id);
      taken.push(item.name);
      names.push(`${label} ${item.name}`);
    }
  }
  // A word after "for" that names nothing exactly but starts several names: ask which.
  const target = /\bfor (?:the )?([a-z0-9][\w-]*(?: [a-z0-9][\w-]*)?)/.exec(text)?.[1];
  if (target && !who.everyone && names.length === 0) {
    const first = target.split(' ')[0]!;
    const near = [...vocab.groups.map((g) => g.name), ...vocab.deviceGroups.map((g) => g.name)].filter((n) => n.toLowerCase().split(/\s+/)[0] === first);
    if (near.length > 1) return { question: `Which group: ${near.slice(0, -1).join(', ')} or ${near.at(-1)}?` };
    if (near.length === 1) return { question: `Do you mean ${near[0]}? Say its whole name.` };
  }
  const userByName = vocab.users.filter((u) => u.name && phraseRe(u.name).test(text));
  for (const u of userByName) {
    if (!who.users.includes(u.email.toLowerCase())) {
      who.users.push(u.email.toLowerCase());
      names.push(u.name);
    }
  }
  return { who, names };
}

const ACTION_LABEL: Record<WebFilterAction, string> = { block: 'Block', allow: 'Allow', log: 'Log' };

/** A name from the request's words when it gives none ("called …"), within the policy name's limit. */
function nameFor(text: string, action: WebFilterAction, parts: string[]): string {
  const called = calledIn(text);
  const base = called ?? `${ACTION_LABEL[action]} ${parts.join(', ') || 'sites'}`;
  return base.length <= WEBFILTER_LIMITS.name ? base : `${base.slice(0, WEBFILTER_LIMITS.name - 1).trimEnd()}…`;
}

/** Reads one request into a web-filter policy, or the one question that must be answered first. */
export function readWebFilterRequest(prompt: string, vocab: AssistantVocabulary): AssistantReading<WebFilterPolicyInput> {
  const text = prompt.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!text) return { kind: 'question', text: 'Please describe your request' };
  const [main, ...exceptParts] = text.split(/\b(?:except(?: for)?|but not|apart from|other than|excluding)\b/);
  const exceptions = exceptParts.join(' ');

  const actions = ACTION_WORDS.filter(([, re]) => re.test(main!)).map(([a]) => a);
  if (actions.length === 0) return { kind: 'question', text: 'Should the policy block, allow or only log these sites?' };
  if (new Set(actions).size > 1 && !(actions.includes('block') && actions.includes('log') && /\bblock\b.*\band (log|monitor)\b/.test(main!))) {
    return { kind: 'question', text: `Should the policy ${actions.map((a) => ACTION_LABEL[a].toLowerCase()).join(' or ')} them? One action per policy.` };
  }
  const action = actions[0]!;

  const who = whoIn(main!, vocab);
  if ('question' in who) return { kind: 'question', text: who.question };
  const hours = hoursIn(main!);
  if (hours === 'unreadable') return { kind: 'question', text: 'Which hours: from when to when (for example 9:00 to 17:00)?' };
  let days = daysIn(main!);
  // "except on Sundays": the days said after the exception are taken out of the policy's days.
  const exceptDays = daysIn(exceptions);
  if (exceptDays) {
    if (hoursIn(exceptions)) return { kind: 'question', text: 'When should the policy apply: which days, from when to when?' };
    days = (days ?? [...WEEKDAYS]).filter((d) => !exceptDays.includes(d));
    if (!days.length) return { kind: 'question', text: 'On which days should the policy apply?' };
  }

  // The tenant's own names, addresses and times are not sites: what they cover is taken out before
  // categories and applications are looked for ("linkedin.com" is an address, not also LinkedIn).
  let rest = main!;
  for (const n of [...vocab.groups, ...vocab.deviceGroups, ...vocab.endpoints].map((x) => x.name)) rest = rest.replace(phraseRe(n), ' ');
  rest = rest.replace(/[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/g, ' ');
  const urls = urlsIn(rest);
  rest = rest.replace(URL_RE, ' ').replace(/\b(business|office|working|work) (hours|days)\b/g, ' ');
  const categories = categoriesIn(rest);
  const applications = applicationsIn(rest);
  const allowedUrls = urlsIn(exceptions);
  const allowedCategories = categoriesIn(exceptions.replace(URL_RE, ' '));
  // An exception must be an address, a category or days: anything else ("except linkedin") is asked, never dropped.
  if (exceptions.trim() && !allowedUrls.length && !allowedCategories.length && !exceptDays) {
    const apps = applicationsIn(exceptions).map((id) => WEB_APPLICATIONS.find((a) => a.id === id)!.name);
    return {
      kind: 'question',
      text: apps.length
        ? `Which web address of ${apps.join(' and ')} should stay allowed (for example ${apps[0]!.toLowerCase().replace(/\W+/g, '')}.com)?`
        : 'What should stay allowed: web addresses (like linkedin.com), categories, or days?',
    };
  }

  if (categories.length + applications.length + urls.length === 0) {
    return { kind: 'question', text: 'Which sites: categories (like Social Networking), applications (like YouTube) or web addresses?' };
  }
  if (!who.who.everyone && who.names.length === 0) {
    return { kind: 'question', text: 'Who should the policy apply to: everyone, or which groups, users, endpoints or device groups?' };
  }

  const windows: ScheduleWindow[] = [];
  if (days || hours)
    windows.push({
      days: days ?? (hours && hours.workdays ? ['mon', 'tue', 'wed', 'thu', 'fri'] : [...WEEKDAYS]),
      start: hours ? hours.start : '00:00',
      end: hours ? hours.end : '24:00',
    });
  const labelOf = (id: string) => WEB_CATEGORIES.find((c) => c.id === id)?.name ?? WEB_APPLICATIONS.find((a) => a.id === id)?.name ?? id;
  const parts = [...categories.map(labelOf), ...applications.map(labelOf), ...urls];
  const payload: WebFilterPolicyInput = {
    name: nameFor(prompt, action, parts),
    description: `Made by the assistant from: ${prompt.trim().slice(0, WEBFILTER_LIMITS.description - 32)}`,
    action,
    applies_to: who.who,
    blocked_categories: categories,
    allowed_categories: allowedCategories.filter((c) => !categories.includes(c)),
    blocked_applications: applications,
    blocked_urls: urls,
    allowed_urls: allowedUrls,
    schedule: windows.length ? { time_zone: vocab.timeZone, windows } : null,
  };
  const checked = webFilterPolicyInputSchema.safeParse(payload);
  if (!checked.success) return { kind: 'question', text: checked.error.issues.map((i) => i.message).join('; ') };
  const summary = [
    `${ACTION_LABEL[action]}: ${parts.join(', ')}`,
    `For: ${who.who.everyone ? 'everyone' : who.names.join(', ')}`,
    ...(allowedUrls.length || payload.allowed_categories!.length
      ? [`Except: ${[...payload.allowed_categories!.map(labelOf), ...allowedUrls].join(', ')}`]
      : []),
    ...(windows.length ? [`When: ${windows[0]!.days.join(', ')} ${windows[0]!.start}–${windows[0]!.end} (${vocab.timeZone})`] : ['When: always']),
  ];
  return { kind: 'payload', payload, summary };
}
