import { z } from 'zod';
import { storableText } from '../../validators/storable-text';
import { ipField, nameField, networkField } from './fields';
import { addFieldIssue, flagRepeats } from './issues';

/** BGP (`sdwan/device/configure/bgp`): the speaker, its neighbours, what it announces and the filters between them. */

export const asnField = () => z.number().int().min(1).max(4_294_967_295);
const action = () => z.enum(['permit', 'deny']);
/** Entries are tried in the order of their sequence numbers, lowest first, as in FRR. */
const seqField = () => z.number().int().min(1).max(65535);
const NO_PREFIX_LIST = 'No such prefix list';
const prefixLengthField = () => z.number().int().min(0).max(32);

/** What a list item that is no entry at all gets (the console writes entries as lines, and one it cannot read arrives as text). */
const NOT_A_PREFIX_ENTRY = 'Not an entry: a sequence number, permit or deny, a prefix, then ge and le if wanted';
const NOT_A_ROUTE_MAP_ENTRY = 'Not an entry: a sequence number, permit or deny, then match, local-pref, med or prepend if wanted';

export const prefixListEntrySchema = z
  .strictObject(
    {
      seq: seqField(),
      action: action(),
      prefix: networkField(),
      /** Matches prefixes at least this long… */
      ge: prefixLengthField().optional(),
      /** …and at most this long; without either, only the prefix itself. */
      le: prefixLengthField().optional(),
    },
    { error: NOT_A_PREFIX_ENTRY },
  )
  .superRefine((e, ctx) => {
    const length = Number(e.prefix.split('/')[1]);
    if (e.ge !== undefined && e.ge < length) addFieldIssue(ctx, ['ge'], 'At least the length of the prefix');
    if (e.le !== undefined && e.le < length) addFieldIssue(ctx, ['le'], 'At least the length of the prefix');
    else if (e.le !== undefined && e.ge !== undefined && e.le < e.ge) addFieldIssue(ctx, ['le'], 'At least ge');
  });
export type PrefixListEntry = z.infer<typeof prefixListEntrySchema>;

const sequenced = <T extends { seq: number }>(ctx: z.RefinementCtx, entries: readonly T[]) =>
  flagRepeats(
    ctx,
    entries,
    (e) => e.seq,
    (i) => ['entries', i, 'seq'],
    'Sequence number already used',
  );

export const prefixListSchema = z
  .strictObject({
    id: z.string().uuid(),
    name: nameField(),
    entries: z.array(prefixListEntrySchema).min(1).max(256),
  })
  .superRefine((list, ctx) => sequenced(ctx, list.entries));
export type PrefixList = z.infer<typeof prefixListSchema>;

export const routeMapEntrySchema = z.strictObject(
  {
    seq: seqField(),
    action: action(),
    /** Without it, every route matches. */
    match_prefix_list: nameField().optional(),
    set_local_pref: z.number().int().min(0).max(4_294_967_295).optional(),
    set_med: z.number().int().min(0).max(4_294_967_295).optional(),
    /** How many times the speaker's own AS is prepended to the path (a longer path is less preferred). */
    set_as_path_prepend: z.number().int().min(1).max(10).optional(),
  },
  { error: NOT_A_ROUTE_MAP_ENTRY },
);
export type RouteMapEntry = z.infer<typeof routeMapEntrySchema>;

export const routeMapSchema = z
  .strictObject({
    id: z.string().uuid(),
    name: nameField(),
    entries: z.array(routeMapEntrySchema).min(1).max(256),
  })
  .superRefine((map, ctx) => sequenced(ctx, map.entries));
export type RouteMap = z.infer<typeof routeMapSchema>;

export const bgpNeighbourConfigSchema = z
  .strictObject({
    id: z.string().uuid(),
    address: ipField(),
    remote_asn: asnField(),
    description: storableText().max(128).optional(),
    enabled: z.boolean().default(true),
    keepalive_s: z.number().int().min(1).max(21845).default(60),
    /** 0 turns the hold timer off. */
    hold_s: z.number().int().min(0).max(65535).default(180),
    /** Hops an eBGP session may cross; without it, a directly connected peer. */
    ebgp_multihop: z.number().int().min(1).max(255).optional(),
    prefix_list_in: nameField().optional(),
    prefix_list_out: nameField().optional(),
    route_map_in: nameField().optional(),
    route_map_out: nameField().optional(),
  })
  .superRefine((n, ctx) => {
    if (n.hold_s !== 0 && n.hold_s < 3 * n.keepalive_s) addFieldIssue(ctx, ['hold_s'], 'Hold time is 0 or at least 3 × the keepalive');
  });
export type BgpNeighbourConfig = z.infer<typeof bgpNeighbourConfigSchema>;

export const bgpSectionSchema = z
  .strictObject({
    asn: asnField(),
    router_id: ipField(),
    neighbours: z.array(bgpNeighbourConfigSchema).max(64).default([]),
    /** What the speaker announces. */
    networks: z.array(networkField()).max(256).default([]),
    prefix_lists: z.array(prefixListSchema).max(64).default([]),
    route_maps: z.array(routeMapSchema).max(64).default([]),
    redistribute: z.strictObject({ connected: z.boolean().default(false), static: z.boolean().default(false) }).default({ connected: false, static: false }),
  })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.neighbours,
      (n) => n.address,
      (i) => ['neighbours', i, 'address'],
      'Neighbour already configured',
    );
    flagRepeats(
      ctx,
      section.networks,
      (n) => n,
      (i) => ['networks', i],
      'Network already announced',
    );
    flagRepeats(
      ctx,
      section.prefix_lists,
      (l) => l.name,
      (i) => ['prefix_lists', i, 'name'],
      'Prefix list name already used',
    );
    flagRepeats(
      ctx,
      section.route_maps,
      (m) => m.name,
      (i) => ['route_maps', i, 'name'],
      'Route map name already used',
    );
    const lists = new Set(section.prefix_lists.map((l) => l.name));
    const maps = new Set(section.route_maps.map((m) => m.name));
    section.route_maps.forEach((m, i) =>
      m.entries.forEach((e, k) => {
        if (e.match_prefix_list !== undefined && !lists.has(e.match_prefix_list)) {
          addFieldIssue(ctx, ['route_maps', i, 'entries', k, 'match_prefix_list'], NO_PREFIX_LIST);
        }
      }),
    );
    section.neighbours.forEach((n, i) => {
      for (const field of ['prefix_list_in', 'prefix_list_out'] as const) {
        if (n[field] !== undefined && !lists.has(n[field])) addFieldIssue(ctx, ['neighbours', i, field], NO_PREFIX_LIST);
      }
      for (const field of ['route_map_in', 'route_map_out'] as const) {
        if (n[field] !== undefined && !maps.has(n[field])) addFieldIssue(ctx, ['neighbours', i, field], 'No such route map');
      }
      if (n.address === section.router_id) addFieldIssue(ctx, ['neighbours', i, 'address'], 'The router id of this speaker itself');
    });
  });
export type BgpSection = z.infer<typeof bgpSectionSchema>;
