/**
 * MAC addresses and their vendors. The IEEE assigns blocks of three sizes: MA-L (24-bit prefix),
 * MA-M (28) and MA-S (36, and the older IAB); a smaller block sits inside a large one registered
 * to the IEEE itself, so the longest prefix that is listed names the vendor. The list is the
 * server's (packages/server/data/oui): the lookup takes it as a table, loaded once.
 */

/** Prefix in upper-case hex, as long as its block (6, 7 or 9 digits) → the vendor's name. */
export type OuiTable = ReadonlyMap<string, string>;

export const OUI_REGISTRIES = { 9: 'MA-S', 7: 'MA-M', 6: 'MA-L' } as const;
export type OuiRegistry = (typeof OUI_REGISTRIES)[keyof typeof OUI_REGISTRIES];
/** Longest first: a 36-bit block inside a 24-bit one belongs to whoever holds the 36-bit one. */
const PREFIX_DIGITS = [9, 7, 6] as const;

const SEPARATED = /^[0-9a-f]{2}([:-])[0-9a-f]{2}(?:\1[0-9a-f]{2}){4}$/;
const CISCO_DOTTED = /^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$/;
const BARE = /^[0-9a-f]{12}$/;

/** The twelve hex digits of a MAC written as aa:bb:…, aa-bb-…, aabb.ccdd.eeff or aabbccddeeff; null for anything else. */
function macDigits(text: string): string | null {
  const value = text.trim().toLowerCase();
  if (SEPARATED.test(value) || CISCO_DOTTED.test(value) || BARE.test(value)) return value.replace(/[:.-]/g, '');
  return null;
}

/** A MAC in the one form Netloom stores and shows ('aa:bb:cc:dd:ee:ff'), or null when the text is not one. */
export function normaliseMac(text: string): string | null {
  const digits = macDigits(text);
  return digits === null ? null : digits.match(/../g)!.join(':');
}

const firstOctet = (mac: string) => parseInt(mac.slice(0, 2), 16);

/**
 * Bit 0x02 of the first octet: an address the device (or its owner) made up rather than the one
 * its maker burnt in. Phones and laptops use such private, randomised addresses on Wi-Fi, so the
 * prefix names no vendor. Takes a normalised MAC.
 */
export const isLocallyAdministered = (mac: string): boolean => (firstOctet(mac) & 0x02) !== 0;
/** Bit 0x01 of the first octet: a group address, never a device's own. Takes a normalised MAC. */
export const isMulticastMac = (mac: string): boolean => (firstOctet(mac) & 0x01) !== 0;

/** Reads the shipped list's text (`PREFIX<TAB>Vendor` lines). Lines of another shape are skipped. */
export function parseOuiTable(tsv: string): OuiTable {
  const table = new Map<string, string>();
  for (const line of tsv.split('\n')) {
    const tab = line.indexOf('\t');
    const prefix = line.slice(0, tab);
    const vendor = line.slice(tab + 1).trim();
    if (tab > 0 && prefix.length in OUI_REGISTRIES && /^[0-9A-F]+$/.test(prefix) && vendor) table.set(prefix, vendor);
  }
  return table;
}

export type VendorUnknownReason = 'invalid' | 'multicast' | 'randomised' | 'private' | 'unregistered';
export type VendorLookup =
  { known: true; vendor: string; prefix: string; registry: OuiRegistry } | { known: false; reason: VendorUnknownReason; mac: string | null };

/** What the console says when no vendor can be named. */
export const VENDOR_UNKNOWN_LABELS: Record<VendorUnknownReason, string> = {
  invalid: 'Not a MAC address',
  multicast: 'A group (multicast) address, not a device',
  randomised: 'Private (randomised) MAC address: the vendor cannot be known',
  private: 'Registered privately: the IEEE does not publish who holds it',
  unregistered: 'Not in the IEEE registries',
};

/** The vendor of a MAC, by its longest registered prefix; randomised and group addresses name none. */
export function lookupVendor(table: OuiTable, text: string): VendorLookup {
  const mac = normaliseMac(text);
  if (mac === null) return { known: false, reason: 'invalid', mac: null };
  if (isMulticastMac(mac)) return { known: false, reason: 'multicast', mac };
  if (isLocallyAdministered(mac)) return { known: false, reason: 'randomised', mac };
  const digits = mac.replace(/:/g, '').toUpperCase();
  for (const length of PREFIX_DIGITS) {
    const prefix = digits.slice(0, length);
    const vendor = table.get(prefix);
    if (vendor === undefined) continue;
    // Holders who pay to stay unlisted are published as 'Private': a name that names nobody.
    if (vendor === 'Private') return { known: false, reason: 'private', mac };
    return { known: true, vendor, prefix, registry: OUI_REGISTRIES[length] };
  }
  return { known: false, reason: 'unregistered', mac };
}
