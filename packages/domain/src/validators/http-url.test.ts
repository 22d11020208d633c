import { describe, expect, it } from 'vitest';
import { isHttpUrl } from './http-url';

describe('http(s) addresses', () => {
  it('takes absolute http and https addresses', () => {
    for (const ok of ['https://acme.example', 'http://acme.example/about?x=1', 'HTTPS://ACME.EXAMPLE:8443/']) expect(isHttpUrl(ok), ok).toBe(true);
  });

  it('refuses every other scheme, and what is not an absolute address', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>1</script>',
      'file:///etc/passwd',
      'ftp://acme.example',
      'acme.example',
      '//acme.example',
      'https://',
      '',
    ])
      expect(isHttpUrl(bad), bad).toBe(false);
  });
});
