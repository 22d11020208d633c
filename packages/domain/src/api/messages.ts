import { z } from 'zod';

/**
 * A missing value reads 'Field is required' (the spec's required message) in every zod schema of
 * server and console alike, instead of zod's technical wording.
 */
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Field is required' : undefined),
});
