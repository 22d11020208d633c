import canonicalize from 'canonicalize';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { ConfigDocument } from './document';

/** RFC 8785 canonical JSON: the same document always gives the same text, whatever its key order. */
export const canonicalConfigJson = (doc: ConfigDocument): string => canonicalize(doc) ?? 'null';

/** What the server, the console and the device compare: SHA-256 (hex) of the canonical JSON. */
export const configHash = (doc: ConfigDocument): string => bytesToHex(sha256(utf8ToBytes(canonicalConfigJson(doc))));
