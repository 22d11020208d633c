import { describe, expect, it } from 'vitest';
import { formatSlaLeft, nextSlaDue, slaPauseAfter, ticketSla, TICKET_SLA_TARGETS } from './ticket-sla';
import { closesAt, statusAfterReply, statusChangeProblem } from './ticket-rules';
import { attachmentContentType, attachmentProblem, TICKET_ATTACHMENT_MAX_BYTES } from './ticket-attachments';
import { deskReplyBodySchema, ticketListQuerySchema, ticketRaiseBodySchema } from './tickets';

const raised = new Date('2026-03-02T09:00:00Z');
const at = (minutes: number) => new Date(raised.getTime() + minutes * 60_000);

describe('ticket SLA', () => {
  it('gives an urgent ticket one hour to the first reply and four to solve', () => {
    const sla = ticketSla({ priority: 'urgent', createdAt: raised, firstResponseAt: null, solvedAt: null }, at(50));
    expect(sla.firstResponse).toMatchObject({ due: at(60), metAt: null, remainingMs: 10 * 60_000, breached: false });
    expect(sla.resolution.due).toEqual(at(240));
  });

  it('counts a target breached once past due, and keeps a met target as it was when met', () => {
    const late = ticketSla({ priority: 'urgent', createdAt: raised, firstResponseAt: null, solvedAt: null }, at(95));
    expect(late.firstResponse).toMatchObject({ breached: true, remainingMs: -35 * 60_000 });
    const met = ticketSla({ priority: 'urgent', createdAt: raised, firstResponseAt: at(20), solvedAt: null }, at(500));
    expect(met.firstResponse).toMatchObject({ breached: false, remainingMs: 40 * 60_000 });
    expect(met.resolution.breached).toBe(true);
  });

  it('stops the resolution clock while the ticket waits on the customer or a third party, and runs it again after', () => {
    const t = { priority: 'urgent' as const, createdAt: raised, firstResponseAt: at(10) };
    // Pending from minute 10: at minute 300 the four hours are not spent, 230 minutes are still left.
    let clock = slaPauseAfter('pending', { pausedMs: 0, pausedAt: null }, at(10));
    const waiting = ticketSla({ ...t, solvedAt: null, ...clock }, at(300)).resolution;
    expect(waiting).toMatchObject({ paused: true, breached: false, remainingMs: 230 * 60_000 });
    // On hold after pending: still one wait, from minute 10.
    clock = slaPauseAfter('on_hold', clock, at(200));
    expect(clock).toEqual({ pausedMs: 0, pausedAt: at(10) });
    // The customer answers at minute 310: the clock runs again with 230 minutes left.
    clock = slaPauseAfter('open', clock, at(310));
    expect(clock).toEqual({ pausedMs: 300 * 60_000, pausedAt: null });
    const running = ticketSla({ ...t, solvedAt: null, ...clock }, at(400)).resolution;
    expect(running).toMatchObject({ paused: false, due: at(540), remainingMs: 140 * 60_000 });
    expect(slaPauseAfter('solved', clock, at(450))).toBe(clock);
  });

  it('orders the targets by priority, the lowest the longest', () => {
    const order = (['urgent', 'high', 'normal', 'low'] as const).map((p) => TICKET_SLA_TARGETS[p].resolutionMs);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(TICKET_SLA_TARGETS.low).toEqual({ firstResponseMs: 24 * 3_600_000, resolutionMs: 5 * 86_400_000 });
  });

  it('names the target due next: the first reply, then solving, then none', () => {
    const t = { priority: 'high' as const, createdAt: raised };
    expect(nextSlaDue({ ...t, firstResponseAt: null, solvedAt: null }, at(0))?.due).toEqual(at(4 * 60));
    expect(nextSlaDue({ ...t, firstResponseAt: at(5), solvedAt: null }, at(0))?.due).toEqual(at(24 * 60));
    expect(nextSlaDue({ ...t, firstResponseAt: at(5), solvedAt: at(9) }, at(0))).toBeNull();
  });

  it('says the time left or how long ago it breached, as the console shows it', () => {
    expect(formatSlaLeft(130 * 60_000)).toBe('2 h 10 min left');
    expect(formatSlaLeft(-35 * 60_000)).toBe('Breached 35 min ago');
    expect(formatSlaLeft((3 * 24 + 4) * 3_600_000)).toBe('3 d 4 h left');
    expect(formatSlaLeft(20_000)).toBe('less than a minute left');
  });
});

describe('ticket statuses', () => {
  it('keeps a closed ticket closed whoever asks', () => {
    expect(statusChangeProblem('closed', 'open', 'desk')).toMatch(/new ticket/);
    expect(statusChangeProblem('closed', 'solved', 'customer')).toMatch(/new ticket/);
  });

  it('lets the customer only mark solved and the desk set anything but closed', () => {
    expect(statusChangeProblem('open', 'solved', 'customer')).toBeNull();
    expect(statusChangeProblem('open', 'on_hold', 'customer')).not.toBeNull();
    expect(statusChangeProblem('solved', 'open', 'desk')).toBeNull();
    expect(statusChangeProblem('solved', 'closed', 'desk')).not.toBeNull();
  });

  it("reopens on the customer's reply and waits on the customer after the desk's", () => {
    expect(statusAfterReply('solved', 'customer')).toBe('open');
    expect(statusAfterReply('pending', 'customer')).toBe('open');
    expect(statusAfterReply('open', 'desk')).toBe('pending');
    expect(statusAfterReply('on_hold', 'desk')).toBe('on_hold');
    expect(statusAfterReply('open', 'desk', 'solved')).toBe('solved');
  });

  it('closes a solved ticket four days after it was solved', () => {
    expect(closesAt(raised)).toEqual(new Date('2026-03-06T09:00:00Z'));
  });
});

describe('ticket attachments', () => {
  it('takes images, PDF, logs and captures by their name, whatever case', () => {
    expect(attachmentContentType('screen.PNG')).toBe('image/png');
    expect(attachmentContentType('wan.pcapng')).toBe('application/vnd.tcpdump.pcap');
    expect(attachmentContentType('syslog.log')).toBe('text/plain');
    expect(attachmentContentType('setup.exe')).toBeNull();
    expect(attachmentContentType('README')).toBeNull();
  });

  it('refuses a file too big or of another type with a message that says so', () => {
    expect(attachmentProblem('a.pdf', TICKET_ATTACHMENT_MAX_BYTES)).toBeNull();
    expect(attachmentProblem('a.pdf', TICKET_ATTACHMENT_MAX_BYTES + 1)).toBe('A file may be at most 5 MB');
    expect(attachmentProblem('a.html', 10)).toMatch(/Attach images, PDF/);
  });
});

describe('ticket payloads', () => {
  it('needs a subject and a description, and takes at most three files', () => {
    const base = { subject: 'WAN down', description: 'Since 9:00', product: 'sdwan', category: 'incident' };
    expect(ticketRaiseBodySchema.parse(base)).toMatchObject({ priority: 'normal', attachment_ids: [] });
    expect(ticketRaiseBodySchema.safeParse({ ...base, subject: '  ' }).success).toBe(false);
    const four = Array.from({ length: 4 }, () => crypto.randomUUID());
    expect(ticketRaiseBodySchema.safeParse({ ...base, attachment_ids: four }).error?.issues[0]?.message).toBe('At most 3 files per message');
  });

  it("reads the spec's query and refuses a day that is not one", () => {
    expect(ticketListQuerySchema.parse({ status: 'open', start_date: '2026-03-01' })).toMatchObject({ status: 'open', start_date: '2026-03-01', page: 1 });
    expect(ticketListQuerySchema.safeParse({ start_date: '2026-02-30' }).success).toBe(false);
  });

  it('makes a desk reply public unless it says internal', () => {
    expect(deskReplyBodySchema.parse({ body: 'Hi' }).internal).toBe(false);
    expect(deskReplyBodySchema.safeParse({ body: 'Hi', status: 'closed' }).success).toBe(false);
  });
});
