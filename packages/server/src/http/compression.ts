import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this go as they are: the encoding's own framing eats most of the gain. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers go compressed to clients that accept it (brotli, else gzip): the API's JSON (device
 * lists, charts, logs), CSV downloads and /metrics, once past COMPRESS_THRESHOLD_BYTES.
 * Registered before the console's files so they pass through it too, and left alone there when
 * already encoded: the build's .gz copies carry their Content-Encoding, so nothing is compressed
 * twice. Socket upgrades are taken over before any answer is sent, so sockets are never touched.
 * Request bodies are not inflated (globalDecompression off): no client sends them compressed, so
 * a decompressor there would only be more surface for hostile input.
 * BREACH-style length attacks need a page of another site to make the browser send authenticated
 * calls; the API takes a bearer token such a page cannot attach, and the sign-in answers that
 * carry tokens (under 1 KB) are below the threshold anyway.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: COMPRESS_THRESHOLD_BYTES, globalDecompression: false });
}
