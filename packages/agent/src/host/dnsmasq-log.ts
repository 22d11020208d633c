import { DNS_RCODES, isIPv4, normaliseMac, type DnsQueryRecord } from '@netloom/domain';

type Rcode = (typeof DNS_RCODES)[number];

/**
 * dnsmasq's own log (log-facility=<file>, log-queries=extra, log-dhcp): one line per step of each
 * DNS query and DHCP exchange, as 'Dec  1 11:41:02 dnsmasq[16857]: 3 192.168.77.133/54690 reply
 * two.example is 203.0.113.8'. In extra mode each DNS line starts with the query's serial, and
 * each DHCP line with the exchange's, so steps of queries answered out of order are put together.
 */
const LINE = /^([A-Z][a-z]{2})\s+(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (dnsmasq(?:-dhcp)?)\[\d+\]: (.*)$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '<serial> <client>/<port> <what>' */
const DNS_STEP = /^(\d+) (\S+)\/\d+ (.*)$/;
const QUERY = /^query\[([^\]]+)\] (\S+) from (\S+)$/;
/** reply, cached, config (the box's own answer), or the hosts file it came from; then the name and what it is. */
const ANSWER = /^(reply|cached|config|\/\S+) (\S+) is (.*)$/;
const DHCP_STEP = /^(\d+) (.*)$/;

/** How long a query forwarded and never answered is waited for: then the client got nothing, as a server failure. */
export const DNS_UNANSWERED_MS = 10_000;
/** DHCP clients remembered; the longest silent are forgotten first. */
const CLIENTS_MAX = 4096;
/** Answers kept per query, as the message allows. */
const ANSWERS_MAX = 32;

/**
 * The time a line says, in the box's local time (dnsmasq writes it so) and without its year: the
 * year of `now`, or the one before when that would put it in the future (a line of 31 December
 * read on 1 January).
 */
function logTime(month: string, day: number, h: number, m: number, s: number, now: number): number {
  const mon = MONTHS.indexOf(month);
  const year = new Date(now).getFullYear();
  const at = new Date(year, mon, day, h, m, s).getTime();
  return at > now + 86_400_000 ? new Date(year - 1, mon, day, h, m, s).getTime() : at;
}

/** The record type as the evidence names it: dnsmasq writes 'A', 'HTTPS', or 'type=65' for one it has no name for. */
function qtypeOf(text: string): string | null {
  const numbered = /^type=(\d+)$/i.exec(text);
  const qtype = numbered ? `TYPE${numbered[1]}` : text.toUpperCase();
  return /^[A-Z][A-Z0-9]{0,9}$/.test(qtype) ? qtype : null;
}

/** What an answer line says of the outcome, and the answer it carries if any. */
function outcomeOf(value: string): { rcode: Rcode | null; answer: string | null } {
  const word = value.split(' ')[0]!;
  if (word === 'NXDOMAIN') return { rcode: 'NXDOMAIN', answer: null };
  // NODATA, NODATA-IPv4, NODATA-IPv6: the name exists, without records of the type asked.
  if (word.startsWith('NODATA')) return { rcode: 'NOERROR', answer: null };
  if ((DNS_RCODES as readonly string[]).includes(word) && word !== 'NOERROR') return { rcode: word as Rcode, answer: null };
  // '<CNAME>' says the name is an alias; the lines after it give what the alias resolved to.
  if (value === '<CNAME>') return { rcode: 'NOERROR', answer: null };
  return { rcode: 'NOERROR', answer: value.slice(0, 255) };
}

interface PendingQuery {
  at: number;
  client_ip: string;
  name: string;
  qtype: string;
  answers: string[];
  rcode: Rcode | null;
  /** A line of it came in the last batch of lines: more of its answers may follow in the next. */
  touched: boolean;
}

/** What a client said of itself in its DHCP exchanges: its fingerprint, by MAC. */
export interface DhcpClient {
  mac: string;
  ip: string | null;
  ifname: string | null;
  hostname: string | null;
  /** Option 55 as the client sent it, in its order. */
  parameterList: number[] | null;
  /** Option 60. */
  vendorClass: string | null;
  /** When the box last heard from it (ms). */
  seenAt: number;
}

interface PendingExchange {
  mac: string | null;
  ifname: string | null;
  ip: string | null;
  hostname: string | null;
  vendorClass: string | null;
  options: number[] | null;
  /** The last line of the exchange was 'requested options': the list goes on in the next. */
  listing: boolean;
}

/**
 * Reads dnsmasq's log lines as they come: DNS queries put together from their serial's lines and
 * handed out once answered (or given up on), and the fingerprint each DHCP client gave.
 */
export class DnsmasqLog {
  private readonly queries = new Map<string, PendingQuery>();
  private readonly done: DnsQueryRecord[] = [];
  private readonly exchanges = new Map<string, PendingExchange>();
  /** By MAC: the latest each client said (the most recent CLIENTS_MAX). */
  readonly clients = new Map<string, DhcpClient>();
  private readonly changed = new Set<string>();

  /** Lines read since the last call; `now` places their time stamps in a year. */
  feed(lines: readonly string[], now: number): void {
    for (const line of lines) {
      const m = LINE.exec(line);
      if (!m) continue;
      const at = logTime(m[1]!, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), now);
      if (m[6] === 'dnsmasq') this.dnsLine(m[7]!, at);
      else this.dhcpLine(m[7]!, at);
    }
  }

  /**
   * The queries finished: answered with no line of theirs in the last feed (their answer lines
   * are all in), or unanswered for DNS_UNANSWERED_MS (SERVFAIL: the client got nothing).
   */
  take(now: number): DnsQueryRecord[] {
    for (const [serial, q] of this.queries) {
      if (q.rcode !== null && !q.touched) this.finish(serial, q);
      else if (q.rcode === null && now - q.at >= DNS_UNANSWERED_MS) this.finish(serial, { ...q, rcode: 'SERVFAIL' });
      else q.touched = false;
    }
    return this.done.splice(0);
  }

  /** The DHCP clients that said something since the last call. */
  takeClients(): DhcpClient[] {
    const out = [...this.changed].flatMap((mac) => this.clients.get(mac) ?? []);
    this.changed.clear();
    return out;
  }

  private finish(serial: string, q: PendingQuery): void {
    this.queries.delete(serial);
    this.done.push({
      at: new Date(q.at).toISOString(),
      client_ip: q.client_ip,
      name: q.name,
      qtype: q.qtype,
      ...(q.answers.length ? { answers: q.answers } : {}),
      rcode: q.rcode ?? 'SERVFAIL',
    });
  }

  private dnsLine(text: string, at: number): void {
    const step = DNS_STEP.exec(text);
    if (!step) return;
    const [, serial, , what] = step;
    const query = QUERY.exec(what!);
    if (query) {
      // Serials start again at 1 when dnsmasq restarts (a push): what was left under this one is over.
      const left = this.queries.get(serial!);
      if (left) this.finish(serial!, left);
      const qtype = qtypeOf(query[1]!);
      const client = query[3]!;
      // The evidence is about IPv4 hosts; a query over IPv6 has no address to name there.
      if (qtype && isIPv4(client)) {
        this.queries.set(serial!, { at, client_ip: client, name: query[2]!.slice(0, 255), qtype, answers: [], rcode: null, touched: true });
      }
      return;
    }
    const q = this.queries.get(serial!);
    const answer = ANSWER.exec(what!);
    if (!q || !answer) return;
    const { rcode, answer: value } = outcomeOf(answer[3]!);
    // A failure says it all; an answer after another keeps NOERROR.
    q.rcode = q.rcode === null || q.rcode === 'NOERROR' ? rcode : q.rcode;
    if (value !== null && q.answers.length < ANSWERS_MAX && !q.answers.includes(value)) q.answers.push(value);
    q.touched = true;
  }

  private dhcpLine(text: string, at: number): void {
    const step = DHCP_STEP.exec(text);
    if (!step) return;
    const [, serial, what] = step;
    let x = this.exchanges.get(serial!);
    if (!x) {
      // A few exchanges at a time; the oldest are forgotten first (Map order).
      if (this.exchanges.size >= 256) this.exchanges.delete(this.exchanges.keys().next().value!);
      x = { mac: null, ifname: null, ip: null, hostname: null, vendorClass: null, options: null, listing: false };
      this.exchanges.set(serial!, x);
    }
    const listed = /^requested options: (.*)$/.exec(what!);
    if (listed) {
      if (!x.listing) x.options = [];
      for (const item of listed[1]!.split(',')) {
        const code = Number(item.trim().split(':')[0]);
        if (Number.isInteger(code) && code >= 1 && code <= 254) x.options!.push(code);
      }
      x.listing = true;
      this.remember(x, at);
      return;
    }
    x.listing = false;
    const vendor = /^vendor class: (.+)$/.exec(what!);
    if (vendor) x.vendorClass = vendor[1]!.trim().slice(0, 255) || null;
    const name = /^client provides name: (.+)$/.exec(what!);
    if (name) x.hostname = name[1]!.trim().slice(0, 255) || null;
    // DHCPDISCOVER(lan0) <mac>, DHCPREQUEST(lan0) <ip> <mac>, DHCPACK(lan0) <ip> <mac> [name]
    const message = /^DHCP[A-Z]+\(([^)]+)\) (.*)$/.exec(what!);
    if (message) {
      x.ifname = message[1]!;
      for (const word of message[2]!.trim().split(/\s+/)) {
        if (isIPv4(word)) x.ip = word;
        else if (/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i.test(word)) x.mac = normaliseMac(word);
      }
    }
    this.remember(x, at);
  }

  private remember(x: PendingExchange, at: number): void {
    if (!x.mac) return;
    const before = this.clients.get(x.mac);
    // Re-inserted, so the Map's order is the order clients were last heard from.
    this.clients.delete(x.mac);
    if (this.clients.size >= CLIENTS_MAX) this.clients.delete(this.clients.keys().next().value!);
    this.changed.add(x.mac);
    this.clients.set(x.mac, {
      mac: x.mac,
      ip: x.ip ?? before?.ip ?? null,
      ifname: x.ifname ?? before?.ifname ?? null,
      hostname: x.hostname ?? before?.hostname ?? null,
      parameterList: x.options?.length ? [...x.options] : (before?.parameterList ?? null),
      vendorClass: x.vendorClass ?? before?.vendorClass ?? null,
      seenAt: at,
    });
  }
}
