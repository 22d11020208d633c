import { z } from 'zod';

/**
 * A missing value reads 'Field is required' (the spec's required message) in every zod schema of
 * server and console alike, instead of zod's technical wording.
 */
z.config({
  // invalid_value: a missing choice of an enum (a role, a status) is as missing as a missing text.
  customError: (issue) => ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined ? 'Field is required' : undefined),
});
