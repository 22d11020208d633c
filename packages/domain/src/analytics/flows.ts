import { z } from 'zod';
import { isIPv4 } from '../validators/ipv4';
import { filledText, storableText } from '../validators/storable-text';
import { USER_NAME_PATTERN } from '../config/families/user-mapping';

const EMAIL = z.string().email();

/**
 * Flow records (NetFlow/IPFIX style): a device's flow cache exports one record per conversation
 * and export interval. A conversation that lasts is cut every active timeout, so no record spans
 * much more than a minute and a minute rollup attributes each record to at most two buckets.
 */
export const FLOW_ACTIVE_TIMEOUT_S = 60;
/*
 * Exporters sweep their cache on a timer, so a long flow can be cut a little after the timeout.
 * Twice the timeout tolerates a late sweep and still refuses a record that claims an hour.
 */
export const FLOW_MAX_SPAN_S = 2 * FLOW_ACTIVE_TIMEOUT_S;
export const FLOWS_BATCH_MAX = 1000;

/**
 * The protocol is the IANA protocol number (0–255), as NetFlow v9/IPFIX export it
 * (protocolIdentifier). A name enum would lose what classification needs: ESP (50) and AH (51)
 * are IPsec, GRE (47) a tunnel; an 'other' bucket would hide them.
 */
export const IP_PROTOCOLS = { icmp: 1, tcp: 6, udp: 17, gre: 47, esp: 50, ah: 51, icmpv6: 58, sctp: 132 } as const;
export type IpProtocolName = keyof typeof IP_PROTOCOLS;

const PROTOCOL_NAMES = new Map<number, string>(Object.entries(IP_PROTOCOLS).map(([k, v]) => [v, k.toUpperCase()]));

/** A protocol number as the panels show it ('TCP', 'UDP', 'ESP'…), the number itself when unnamed. */
export const protocolLabel = (protocol: number): string => PROTOCOL_NAMES.get(protocol) ?? String(protocol);

const ipv4 = z.string().refine(isIPv4, 'Should be in the format x.x.x.x');
/** Ports without meaning (ICMP, ESP) are exported as 0. */
const port = z.number().int().min(0).max(65535);
const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
// Free text is storableText, as in the agent messages: one unstorable value would fail a shared batched write.
const ifname = storableText().max(32);
// As in the agent messages: increasing per device, so a replayed batch is stored once.
const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/**
 * One record. Directions follow the record's source and destination (the Elastic Common Schema's
 * source.bytes / destination.bytes): `src_bytes` went from source to destination, `dst_bytes`
 * came back. Interfaces are as the device names them; `wan` is the WAN link the traffic used, null
 * for traffic that stayed inside (LAN to LAN, a tunnel not on a named WAN).
 */
export const flowRecordSchema = z
  .object({
    start: z.iso.datetime(),
    end: z.iso.datetime(),
    src_ip: ipv4,
    src_port: port,
    dst_ip: ipv4,
    dst_port: port,
    protocol: z.number().int().min(0).max(255),
    src_bytes: count,
    src_packets: count,
    dst_bytes: count,
    dst_packets: count,
    in_ifname: ifname,
    out_ifname: ifname,
    wan: filledText().min(1).max(64).nullable(),
    dscp: z.number().int().min(0).max(63),
    /** The TLS SNI or HTTP host the device saw, or the application its DPI named; absent when unknown. */
    application: filledText().min(1).max(253).optional(),
    /** Who sent the traffic: the ZTNA user signed in on the endpoint, or the user a gateway's User Mapping names for the LAN address. */
    user: storableText()
      .max(254)
      .refine((u) => EMAIL.safeParse(u).success || USER_NAME_PATTERN.test(u), 'An email or an account name')
      .optional(),
  })
  .superRefine((r, ctx) => {
    const span = Date.parse(r.end) - Date.parse(r.start);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must not be before start' });
    else if (span > FLOW_MAX_SPAN_S * 1000) ctx.addIssue({ code: 'custom', path: ['end'], message: `a record spans at most ${FLOW_MAX_SPAN_S} s` });
  });
export type FlowRecord = z.infer<typeof flowRecordSchema>;

/**
 * The agent message a device sends its flow records in, batched, one per export interval (or
 * several when an interval holds more than FLOWS_BATCH_MAX). Stored once per (device, seq); the
 * server answers 'ack' once stored, or 'busy' when it sheds load (the device keeps it and resends).
 */
export const flowsMessageSchema = z.object({
  type: z.literal('flows'),
  seq,
  records: z.array(flowRecordSchema).max(FLOWS_BATCH_MAX),
});
export type FlowsMessage = z.infer<typeof flowsMessageSchema>;
