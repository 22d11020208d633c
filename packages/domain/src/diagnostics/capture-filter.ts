import { isCidr, isIPv4, ipv4ToNumber } from '../validators/ipv4';

/**
 * The packet capture's filter: a safe subset of the pcap-filter grammar (host, net, port, src,
 * dst, tcp, udp, icmp, and, or, not, parentheses). The filter reaches a device as the canonical
 * text of what was parsed here and is handed to tcpdump as one argument, never to a shell; a
 * token outside the grammar (any other character) is refused, so nothing else can ride along.
 */
export const CAPTURE_FILTER_MAX_LENGTH = 256;

export type Protocol = 'tcp' | 'udp' | 'icmp';
type Direction = 'src' | 'dst' | 'any';

export type FilterNode =
  | { op: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { op: 'not'; operand: FilterNode }
  | { op: 'proto'; proto: Protocol }
  | { op: 'host'; dir: Direction; address: string }
  | { op: 'net'; dir: Direction; cidr: string }
  | { op: 'port'; dir: Direction; port: number; proto?: Protocol };

export type FilterParse = { ok: true; ast: FilterNode | null; canonical: string } | { ok: false; error: string };

const TOKEN = /^(?:\(|\)|[a-z]+|\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|\d{1,5})$/;
const PROTOCOLS: readonly string[] = ['tcp', 'udp', 'icmp'];

class FilterError extends Error {}

/** Splits on blanks and around parentheses; every piece must be a word, a number, an address or a parenthesis. */
function tokenise(text: string): string[] {
  const tokens = text
    .replace(/[()]/g, ' $& ')
    .split(/[ \t]+/)
    .filter(Boolean);
  for (const t of tokens) if (!TOKEN.test(t)) throw new FilterError(`'${t}' is not part of the filter grammar`);
  return tokens;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: string[]) {}

  parse(): FilterNode {
    const node = this.or();
    if (this.at < this.tokens.length) throw new FilterError(`unexpected '${this.tokens[this.at]}'`);
    return node;
  }

  private peek(): string | undefined {
    return this.tokens[this.at];
  }

  private take(): string {
    const t = this.tokens[this.at++];
    if (t === undefined) throw new FilterError('the filter ends too early');
    return t;
  }

  private or(): FilterNode {
    let left = this.and();
    while (this.peek() === 'or') {
      this.at++;
      left = { op: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): FilterNode {
    let left = this.not();
    while (this.peek() === 'and') {
      this.at++;
      left = { op: 'and', left, right: this.not() };
    }
    return left;
  }

  private not(): FilterNode {
    if (this.peek() === 'not') {
      this.at++;
      return { op: 'not', operand: this.not() };
    }
    return this.primary();
  }

  private primary(): FilterNode {
    const t = this.take();
    if (t === '(') {
      const inner = this.or();
      if (this.peek() !== ')') throw new FilterError("a '(' is not closed");
      this.at++;
      return inner;
    }
    if (PROTOCOLS.includes(t)) {
      const proto = t as Protocol;
      // 'tcp port 80', 'udp dst port 53': a port of that protocol.
      const next = this.peek();
      if ((proto === 'tcp' || proto === 'udp') && (next === 'port' || next === 'src' || next === 'dst')) return { ...this.qualified(), proto } as FilterNode;
      return { op: 'proto', proto };
    }
    this.at--;
    return this.qualified();
  }

  private qualified(): FilterNode {
    let dir: Direction = 'any';
    let t = this.take();
    if (t === 'src' || t === 'dst') {
      dir = t;
      t = this.take();
    }
    const value = this.take();
    switch (t) {
      case 'host':
        if (!isIPv4(value)) throw new FilterError(`'${value}' is not an IPv4 address`);
        return { op: 'host', dir, address: value };
      case 'net': {
        const cidr = value.includes('/') ? value : `${value}/32`;
        if (!isCidr(cidr)) throw new FilterError(`'${value}' is not an IPv4 network`);
        return { op: 'net', dir, cidr };
      }
      case 'port': {
        const port = Number(value);
        if (!/^\d{1,5}$/.test(value) || port < 1 || port > 65535) throw new FilterError(`'${value}' is not a port (1–65535)`);
        return { op: 'port', dir, port };
      }
      default:
        throw new FilterError(`expected host, net or port, not '${t}'`);
    }
  }
}

const dirText = (dir: Direction) => (dir === 'any' ? '' : `${dir} `);

/** The filter as one normal text: what the device is sent and tcpdump reads. */
export function filterText(node: FilterNode): string {
  switch (node.op) {
    case 'and':
    case 'or':
      return `(${filterText(node.left)} ${node.op} ${filterText(node.right)})`;
    case 'not':
      return `not ${filterText(node.operand)}`;
    case 'proto':
      return node.proto;
    case 'host':
      return `${dirText(node.dir)}host ${node.address}`;
    case 'net':
      return `${dirText(node.dir)}net ${node.cidr}`;
    case 'port':
      return `${node.proto ? `${node.proto} ` : ''}${dirText(node.dir)}port ${node.port}`;
  }
}

/** Parses a filter; an empty one captures everything. */
export function parseCaptureFilter(text: string): FilterParse {
  if (text.length > CAPTURE_FILTER_MAX_LENGTH) return { ok: false, error: `At most ${CAPTURE_FILTER_MAX_LENGTH} characters` };
  try {
    // Only blanks and tabs separate tokens: any other character, a newline too, is outside the grammar wherever it stands.
    const tokens = tokenise(text);
    if (tokens.length === 0) return { ok: true, ast: null, canonical: '' };
    const ast = new Parser(tokens).parse();
    return { ok: true, ast, canonical: filterText(ast) };
  } catch (err) {
    if (err instanceof FilterError) return { ok: false, error: `Not a valid capture filter: ${err.message}` };
    throw err;
  }
}

/** A packet as a capture filter sees it. */
export interface FilterPacket {
  proto: Protocol;
  src: string;
  dst: string;
  sport?: number;
  dport?: number;
}

const inNet = (address: string, cidr: string) => {
  const [net, bits] = cidr.split('/') as [string, string];
  const mask = Number(bits) === 0 ? 0 : (0xffffffff << (32 - Number(bits))) >>> 0;
  return (ipv4ToNumber(address) & mask) >>> 0 === (ipv4ToNumber(net) & mask) >>> 0;
};

const either = <T>(dir: Direction, src: T, dst: T, test: (v: T) => boolean) => (dir === 'src' ? test(src) : dir === 'dst' ? test(dst) : test(src) || test(dst));

/** Whether a packet passes the filter (null: everything does); what a simulated capture keeps. */
export function filterMatches(node: FilterNode | null, p: FilterPacket): boolean {
  if (!node) return true;
  switch (node.op) {
    case 'and':
      return filterMatches(node.left, p) && filterMatches(node.right, p);
    case 'or':
      return filterMatches(node.left, p) || filterMatches(node.right, p);
    case 'not':
      return !filterMatches(node.operand, p);
    case 'proto':
      return p.proto === node.proto;
    case 'host':
      return either(node.dir, p.src, p.dst, (a) => a === node.address);
    case 'net':
      return either(node.dir, p.src, p.dst, (a) => inNet(a, node.cidr));
    case 'port':
      if (node.proto && node.proto !== p.proto) return false;
      return either(node.dir, p.sport, p.dport, (port) => port === node.port);
  }
}
