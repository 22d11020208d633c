import { wafPathSchema } from '@netloom/domain';

/** A chip input's rule for a path an edge compares (wafPathSchema), with the schema's own message. */
export const WAF_PATH_RULE = {
  test: (v: string) => wafPathSchema.safeParse(v).success,
  message: "Should start with '/' and hold no spaces, quotes, braces, semicolons or '#'",
};
