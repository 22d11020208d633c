import { z } from 'zod';

// zod compiles a fast parser per object schema with `new Function`, and probes whether it may by
// calling `new Function` once, when the first object schema is built. The console's
// Content-Security-Policy (no 'unsafe-eval') refuses both and reports a violation on every page
// load, though zod catches the error. jitless parses without either; it must be set before any
// schema exists, so this module is the entry's first import (main.tsx), ahead of every module
// that builds schemas at import time (@netloom/domain among them).
z.config({ jitless: true });
