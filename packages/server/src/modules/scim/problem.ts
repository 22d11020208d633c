import { scimError, type ScimErrorType } from '@netloom/domain';

/** A refusal in SCIM's own error shape (RFC 7644 §3.12); the SCIM routes' error handler answers it. */
export class ScimProblem extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: ScimErrorType,
  ) {
    super(detail);
  }

  get body() {
    return scimError(this.status, this.message, this.scimType);
  }

  static invalidFilter = (detail: string) => new ScimProblem(400, detail, 'invalidFilter');
  static invalidValue = (detail: string) => new ScimProblem(400, detail, 'invalidValue');
  static invalidSyntax = (detail: string) => new ScimProblem(400, detail, 'invalidSyntax');
  static uniqueness = (detail: string) => new ScimProblem(409, detail, 'uniqueness');
  static mutability = (detail: string) => new ScimProblem(400, detail, 'mutability');
  static notFound = (what: 'User' | 'Group', id: string) => new ScimProblem(404, `${what} ${id.slice(0, 100)} not found`);
  static unauthorized = () => new ScimProblem(401, 'A valid SCIM bearer token of the organisation is required');
}
