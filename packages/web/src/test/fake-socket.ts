/**
 * A browser WebSocket the test plays the server of (`vi.stubGlobal('WebSocket', FakeSocket)`):
 * it opens on the next task, records what the console sends, and `receive` pushes a message.
 */
export class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    setTimeout(() => this.onopen?.(), 0);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The open socket whose URL ends with this feed. */
  static of(feed: string): FakeSocket | undefined {
    return FakeSocket.all.filter((s) => !s.closed && s.url.endsWith(`?feed=${feed}`)).at(-1);
  }
}
