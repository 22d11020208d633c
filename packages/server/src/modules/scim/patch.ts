import { scimPatch, ScimError, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import type { SCIM_SCHEMAS, ScimPatchBody } from '@netloom/domain';
import { ScimProblem } from './problem';

/** Paths of schema extensions the console keeps nothing of (the enterprise user's department…): skipped, not refused. */
const kept = (op: { path?: string }, core: string) => !op.path || !/^urn:/i.test(op.path) || op.path.toLowerCase().startsWith(`${core.toLowerCase()}:`);

/**
 * A resource with the PATCH operations applied (RFC 7644 §3.5.2), by scim-patch: paths, filters in
 * paths (`members[value eq "…"]`), and the path-less value objects Okta and Entra send. The result
 * is then checked as a PUT body is: a patch can make nothing a replace could not.
 */
export function applyPatch<T extends object>(resource: T, body: ScimPatchBody, core: typeof SCIM_SCHEMAS.user | typeof SCIM_SCHEMAS.group): T {
  const operations = body.Operations.filter((op) => kept(op, core)).map((op) => ({
    ...op,
    op: op.op.toLowerCase(),
    // A core attribute may be named with its schema's URN.
    path: op.path?.replace(new RegExp(`^${core.replace(/\./g, '\\.')}:`, 'i'), ''),
  })) as ScimPatchOperation[];
  try {
    return scimPatch(structuredClone(resource) as unknown as ScimResource, operations, { mutateDocument: true, treatMissingAsAdd: true }) as unknown as T;
  } catch (e) {
    if (e instanceof ScimError)
      throw new ScimProblem(400, e.message, e.scimCode === 'noTarget' ? 'noTarget' : e.scimCode === 'invalidSyntax' ? 'invalidSyntax' : 'invalidPath');
    throw ScimProblem.invalidValue('The operations could not be applied');
  }
}
