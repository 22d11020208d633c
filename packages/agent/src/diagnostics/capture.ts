import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CaptureParams } from '@netloom/domain';
import type { DiagnosticIo, LiveDiagnostic } from '@netloom/simulator';
import { tcpdumpArgs } from './commands';
import { wholePackets } from './pcap-file';
import { runProgram } from './program';

/** Packets printed as they are captured; the rest are only in the file (the output has a limit). */
const PRINTED = 200;
/** tcpdump's lines that are not packets: what it says when it starts and stops. */
/** The pcap file's own header, before its packets. */
const PCAP_HEADER_BYTES = 24;
const TCPDUMP_OWN = /^(tcpdump: |\d+ packets? (captured|received by filter|dropped by kernel))/;

/** The file's first bytes: all a capture of `maxBytes` can keep, however far tcpdump wrote past it. */
function readHead(file: string, bytes: number): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(bytes);
    return head.subarray(0, readSync(fd, head, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * A packet capture with tcpdump: packets printed as they come and written to a pcap file, until
 * the first of the packet count (tcpdump's `-c`), the time (a stop) and the size (the file is
 * watched, then cut back to whole packets). The file goes to the console whenever the run ends.
 */
export function capture(p: CaptureParams, io: DiagnosticIo): LiveDiagnostic {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'netloom-capture-'));
  const file = path.join(dir, 'capture.pcap');
  let packetLines = 0;
  let reason = `capture time of ${p.max_seconds} s reached`;
  const size = () => {
    try {
      return statSync(file).size;
    } catch {
      return 0;
    }
  };
  return runProgram(
    {
      command: 'tcpdump',
      args: tcpdumpArgs(p, file),
      limitMs: p.max_seconds * 1000,
      show: (line) => {
        if (/^tcpdump: listening on /.test(line)) return p.filter ? `${line}, filter: ${p.filter}` : line;
        if (TCPDUMP_OWN.test(line)) return null;
        packetLines++;
        if (packetLines === PRINTED + 1) return '(further packets are in the capture file only)';
        return packetLines > PRINTED ? null : line;
      },
      // The record headers count too: stop once the file holds more than the bound.
      full: () => {
        const over = size() > PCAP_HEADER_BYTES + p.max_bytes;
        if (over) reason = `capture size of ${p.max_bytes} bytes reached`;
        return over;
      },
      answer: (exit) => {
        const kept = wholePackets(size() ? readHead(file, Math.min(size(), PCAP_HEADER_BYTES + p.max_bytes)) : new Uint8Array(), p.max_bytes);
        if (!exit.stopped && exit.code !== 0) {
          const why = exit.tail.find((l) => /^tcpdump: /.test(l) && !/listening on/.test(l)) ?? `tcpdump ended with code ${exit.code}`;
          return { ok: false, output: why.replace(/ \(.*\)$/, '') };
        }
        if (!exit.stopped) reason = `capture count of ${p.max_packets} packets reached`;
        if (exit.asked) reason = 'stopped';
        return {
          ok: true,
          output: `${kept.packets} packets captured`,
          lines: [`${kept.packets} packets captured (${reason})`],
          ...(kept.bytes.length ? { file: kept.bytes } : {}),
        };
      },
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    },
    io,
  );
}
