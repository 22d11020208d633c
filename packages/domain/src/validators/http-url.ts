/**
 * An absolute http(s) address. Any other scheme (javascript:, data:, file:…) would run or read
 * something on the machine of whoever opens the link, so a link the console or a webhook follows
 * takes only these two.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
