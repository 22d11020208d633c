import { describe, expect, it } from 'vitest';
import { clientEnrolmentBodySchema, clientRedirect, isLoopbackRedirectUri } from './client-enrolment';

describe('MicroZAccess client redirect', () => {
  it('accepts loopback addresses with a port', () => {
    expect(isLoopbackRedirectUri('http://127.0.0.1:53123/cb')).toBe(true);
    expect(isLoopbackRedirectUri('http://localhost:8080/')).toBe(true);
    expect(isLoopbackRedirectUri('http://[::1]:9000/done')).toBe(true);
  });

  it('refuses anything that could leave the machine', () => {
    for (const uri of [
      'https://127.0.0.1:53123/cb',
      'http://127.0.0.1/cb',
      'http://evil.test:8080/cb',
      'http://127.0.0.1.evil.test:8080/cb',
      'http://localhost.evil.test:8080/',
      'http://user:pw@127.0.0.1:8080/',
      'http://10.0.0.5:8080/cb',
      'javascript:alert(1)',
      'not a url',
    ])
      expect(isLoopbackRedirectUri(uri), uri).toBe(false);
    expect(clientEnrolmentBodySchema.safeParse({ redirect_uri: 'https://evil.test/cb' }).success).toBe(false);
  });

  it('adds the key and state to the query the client listens for', () => {
    expect(clientRedirect('http://127.0.0.1:5000/cb?x=1', 'nlk_abc', 's1')).toBe('http://127.0.0.1:5000/cb?x=1&key=nlk_abc&state=s1');
  });
});
