import WebSocket from 'ws';
import type { ServerMessage } from '@netloom/domain';

/** How long a device shutting down waits for the server to answer its close before it cuts the socket. */
const STOP_TIMEOUT_MS = 2000;

export interface LinkHandlers {
  opened(): void;
  received(message: ServerMessage): void;
  /** The socket closed (or failed to open): told once per socket, and only for the current one. */
  closed(code: number, reason: string): void;
  /** The server answered a ping (the link is alive, whatever its heartbeat period). */
  ponged?(): void;
}

/**
 * A device's management connection to the server: one websocket at a time, and the device's
 * message counter, which numbers everything it sends.
 */
export class ManagementLink {
  private ws: WebSocket | null = null;
  private socketClosed: Promise<void> = Promise.resolve();

  constructor(
    private readonly url: string,
    private seq: number,
  ) {}

  /** The last number given: what the device keeps between runs. */
  get lastSeq(): number {
    return this.seq;
  }

  get isOpen(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** Sequence numbers never go back, even when the saved state is lost or stale (a crash between saves): the clock is a floor. */
  nextSeq(): number {
    this.seq = Math.max(this.seq + 1, Date.now());
    return this.seq;
  }

  /** Opens the socket; a handshake not answered within `handshakeTimeoutMs` is given up (the try failed). */
  connect(handshakeTimeoutMs: number, handlers: LinkHandlers): void {
    const ws = new WebSocket(this.url, { handshakeTimeout: handshakeTimeoutMs });
    this.ws = ws;
    this.socketClosed = new Promise((resolve) => ws.once('close', () => resolve()));
    ws.on('open', () => handlers.opened());
    ws.on('pong', () => handlers.ponged?.());
    ws.on('message', (data) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(data.toString()) as ServerMessage;
      } catch {
        return;
      }
      handlers.received(message);
    });
    ws.on('close', (code, reason) => {
      if (this.ws !== ws) return;
      this.ws = null;
      handlers.closed(code, reason.toString());
    });
    // A failed connection also closes; the close handler decides what next.
    ws.on('error', () => undefined);
  }

  /** Numbered and sent if the socket is open (lost otherwise, as on a real link); its number. */
  send(body: Record<string, unknown>): number {
    const seq = this.nextSeq();
    this.resend(seq, body);
    return seq;
  }

  /** Sent (again) under the number it already has, if the socket is open. */
  resend(seq: number, body: Record<string, unknown>): void {
    this.transmit({ ...body, seq });
  }

  /** A message that carries its number (a batch), if the socket is open: false if it is not. */
  transmit(message: object): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** A websocket ping: the server's socket answers it at once (a pong), with no message of the protocol. */
  ping(): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.ping();
  }

  /** A close handshake: the server marks the device offline at once. */
  close(code: number, reason: string): void {
    this.ws?.close(code, reason);
  }

  /** The link is cut (a cable, a bad push): the socket dies without a close handshake. */
  cut(): void {
    this.ws?.terminate();
  }

  /** Closes with 1000 and waits a little for the server's answer, then cuts what is left. */
  async shutDown(): Promise<void> {
    const ws = this.ws;
    if (!ws) return;
    if (ws.readyState === WebSocket.OPEN) ws.close(1000, 'going offline');
    else ws.terminate();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref());
    await Promise.race([this.socketClosed, timeout]);
    ws.terminate();
  }
}
