import { apiContractOf, type WafApiOperation } from '@netloom/domain';

export interface ReadDocument {
  title: string;
  version: string;
  openapi: string;
  /** Its operations with what the edge can enforce of each (zero-trust API). */
  operations: WafApiOperation[];
}

/**
 * An uploaded OpenAPI document read and checked (JSON or YAML, OpenAPI 3.0 or 3.1, valid by the
 * specification's schema with @readme/openapi-parser), or why not in the words the API document
 * states. Its `$ref`s are resolved inside the document only: a reference to a file or a URL is
 * never followed (the server reads no file and calls no address for a customer's document).
 */
export async function readOpenApiDocument(text: string): Promise<ReadDocument | { problem: string }> {
  const { parse } = await import('yaml');
  let doc: unknown;
  try {
    // JSON is YAML; aliases could expand a small document into a huge one: refused past a bound.
    doc = parse(text, { maxAliasCount: 50 });
  } catch (err) {
    return { problem: `Not JSON or YAML: ${(err as Error).message.split('\n')[0]}` };
  }
  const version = doc && typeof doc === 'object' ? (doc as { openapi?: unknown }).openapi : undefined;
  if (typeof version !== 'string' || !/^3\.[01]\.\d+$/.test(version)) return { problem: 'Not an OpenAPI 3.0 or 3.1 document' };
  const { validate, compileErrors, dereference } = await import('@readme/openapi-parser');
  // The parser dereferences what it is given in place: it gets its own copy.
  const checked = await validate(structuredClone(doc) as Parameters<typeof validate>[0], { resolve: { external: false }, timeoutMs: 5000 }).catch(
    (err: Error) => ({ valid: false as const, message: err.message }),
  );
  if (!checked.valid) {
    const why = 'message' in checked ? checked.message : compileErrors(checked);
    return { problem: `Not a valid OpenAPI document: ${why.replace(/\s+/g, ' ').trim().slice(0, 300)}` };
  }
  // The contract is read from the document with its references resolved (circular ones left as they are: only top-level properties are read).
  const resolved = await dereference(structuredClone(doc) as Parameters<typeof dereference>[0], {
    resolve: { external: false },
    dereference: { circular: 'ignore' },
    timeoutMs: 5000,
  }).catch(() => doc);
  const info = (doc as { info?: { title?: unknown; version?: unknown } }).info ?? {};
  return {
    title: String(info.title ?? ''),
    version: String(info.version ?? ''),
    openapi: version,
    operations: apiContractOf(resolved as { paths?: Record<string, unknown> }),
  };
}
