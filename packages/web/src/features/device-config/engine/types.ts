import type { ConfigDocument, ConfigFamily } from '@netloom/domain';
import type { DataTableColumn } from '@/components/data-table/types';

/**
 * What became of a save: pushed as a revision, kept in the device's draft, or not made (the
 * editor said no when asked); the page says so in those words.
 */
export type SaveOutcome = 'saved' | 'draft' | 'cancelled';

/** Choices of a select: fixed, or read from the document being edited (its interfaces, zones…). */
type FieldOptions = readonly (string | { value: string; label: string })[] | ((doc: ConfigDocument) => readonly string[]);

/** One input of an item's form; `key` may be dotted ('sla.latency_ms') for a nested field. */
export interface FieldSpec {
  key: string;
  label: string;
  kind: 'text' | 'password' | 'number' | 'select' | 'switch' | 'list';
  required?: boolean;
  placeholder?: string;
  description?: string;
  options?: FieldOptions;
  min?: number;
  max?: number;
  /** A select whose values are numbers (a DH group): shown as text, stored as a number. */
  numeric?: boolean;
  /**
   * A list of items (a prefix list's entries) edited as one line each, in the words a router's
   * own configuration uses ('10 permit 10.0.0.0/8 le 24'); a line it cannot read is kept as text,
   * and the schema refuses it.
   */
  lines?: { format(item: unknown): string; parse(line: string): unknown };
  /** Only shown when the item's other values say so (a static WAN's address, a PPPoE login). */
  when?: (values: Record<string, unknown>) => boolean;
}

/** What a tab may say about the target it shows (a gateway's device group, …). */
export interface TabContext {
  mode: 'device' | 'template';
  /** The gateway's row as the fleet lists it; null on a template, or until the list is read. */
  device: { network_id: string | null } | null;
}

interface TabBase {
  /** The spec's route name of the tab (laninterface, inboundrules…). */
  route: string;
  label: string;
  /** Where the tab's value sits in the family's section; [] is the section itself. */
  path: readonly string[];
  fields: readonly FieldSpec[];
  /** What the page says above the tab (where its values come from, why a list is empty); null: nothing. */
  notice?: (ctx: TabContext) => string | null;
  /** Checks one item or the settings, the same schema the server and the device use. */
  schema: { safeParse(v: unknown): { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } };
}

/** A table of items, added and edited in a modal. */
export interface ListTab extends TabBase {
  kind: 'list';
  /** 'Static route': toasts say '{item} added successfully'. */
  item: string;
  columns: DataTableColumn<Record<string, unknown>>[];
  /** A new item's values; items with an id get a fresh one. */
  empty: Record<string, unknown>;
  withId: boolean;
  /** What the family's section must hold before an item can be added: the message to show while it does not. */
  before?: (section: Record<string, unknown>) => string | null;
  /** A list the server writes (overlay peers): shown without add, edit or delete; `empty` says why it has nothing. */
  readOnly?: { empty: (ctx: TabContext) => string };
}

/** One group of settings, edited in place. */
export interface SettingsTab extends TabBase {
  kind: 'settings';
  empty: Record<string, unknown>;
}

export type FamilyTab = ListTab | SettingsTab;

/** A configuration family's page: a schema's section, its tabs and what the page says about it. */
export interface FamilyPageSpec {
  family: ConfigFamily;
  /** The spec's route under `device/configure/` (staticroutes, addressing-vlan…). */
  route: string;
  title: string;
  subtitle: string;
  /** Where the gateway's running state of this family is shown ('QoS class counters'): a link beside the page's gateway. */
  monitor?: { label: string; href: (deviceId: string) => string };
  /** The section when the document has none yet. */
  emptySection: unknown;
  tabs: readonly FamilyTab[];
}
