/** Readers of a field's bytes as RFC 7011 §6 encodes them; every reader is handed exactly the field's bytes. */

/** An unsigned integer of 1–8 bytes (reduced-size encoding allowed); beyond 2^53 it is capped (no counter gets there honestly). */
export function unsigned(bytes: Buffer): number {
  if (bytes.length <= 6) return bytes.readUIntBE(0, bytes.length);
  if (bytes.length === 8) return Math.min(Number(bytes.readBigUInt64BE(0)), Number.MAX_SAFE_INTEGER);
  let value = 0;
  for (const b of bytes) value = value * 256 + b;
  return Math.min(value, Number.MAX_SAFE_INTEGER);
}

export const ipv4 = (bytes: Buffer): string | null => (bytes.length === 4 ? `${bytes[0]}.${bytes[1]}.${bytes[2]}.${bytes[3]}` : null);

/** RFC 5952 text: lowercase, the longest run of zero groups (two or more) as '::'. */
export function ipv6(bytes: Buffer): string | null {
  if (bytes.length !== 16) return null;
  const groups = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2));
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { at: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.length < 2) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

/** NTP's 64-bit timestamp (seconds since 1900, then a binary fraction): IPFIX's dateTimeMicroseconds and …Nanoseconds. */
const NTP_TO_UNIX_S = 2_208_988_800;
export function ntpMilliseconds(bytes: Buffer): number | null {
  if (bytes.length !== 8) return null;
  return (bytes.readUInt32BE(0) - NTP_TO_UNIX_S) * 1000 + Math.floor((bytes.readUInt32BE(4) / 2 ** 32) * 1000);
}
