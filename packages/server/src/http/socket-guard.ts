import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { errors } from './errors';

/**
 * The key a client address is counted under. IPv6 hands a single subscriber a whole /64, so one
 * attacker would otherwise get 2^64 fresh addresses; IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function addressKey(ip: string): string {
  const bare = ip.split('%')[0]!.toLowerCase();
  if (!bare.includes(':')) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  const [head, tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Caps the websockets one client address holds open before saying who it is (a console's token,
 * a device's hello): each one costs a connection, a timer and memory for seconds, and without a
 * cap a single address could hold thousands. A hold ends with the socket's first message (the
 * server then checks it, and closes the socket at once if it proves nothing) or with its close.
 * Refused upgrades are answered 429 before the websocket exists.
 */
export class PreAuthGuard {
  private readonly held = new Map<string, number>();
  private readonly releases = new WeakMap<object, () => void>();

  constructor(private readonly maxPerAddress: number) {}

  /** preValidation hook of a websocket route. */
  readonly admit = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = addressKey(request.ip);
    const holding = this.held.get(key) ?? 0;
    if (holding >= this.maxPerAddress) {
      void reply.header('retry-after', '1');
      throw errors.throttled(1);
    }
    this.held.set(key, holding + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    };
    this.releases.set(request.raw, release);
    // Also covers an upgrade that never completes: the connection's end releases the hold.
    request.raw.socket.once('close', release);
  };

  /** Called by the route's handler with the opened websocket. */
  opened(socket: WebSocket, request: FastifyRequest): void {
    const release = this.releases.get(request.raw);
    if (!release) return;
    socket.once('message', release);
    socket.once('close', release);
  }
}
