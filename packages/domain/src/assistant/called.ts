/**
 * The name a request gives ("called Road warriors for Sales"): up to the next clause ("for", "with",
 * "using", …), punctuation or quotes.
 */
export function calledIn(prompt: string): string | undefined {
  const m = /\b(?:called|named|name it)\s+(?:["“']([^"”']{1,60})["”']|([^"”'.,;:]{1,60}))/i.exec(prompt);
  const name = m?.[1] ?? m?.[2]?.split(/\s+(?:for|with|using|through|via|that|which|on|in|from|to)\s/i)[0];
  return name?.trim() || undefined;
}
