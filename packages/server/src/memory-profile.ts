import v8 from 'node:v8';

/**
 * Imported first by server.ts, before the rest of the server is loaded. By default V8 lets a
 * busy heap grow to about four times what is alive before collecting it; a fleet server holding
 * 10,000 device sockets then sat near 480 MB for ~150 MB of live objects. Favouring size keeps
 * it near 260 MB at the same latency (bench:live). NETLOOM_V8_SPEED=1 leaves V8's defaults.
 */
if (process.env.NETLOOM_V8_SPEED !== '1') v8.setFlagsFromString('--optimize-for-size');
