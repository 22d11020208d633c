import { describe, expect, it } from 'vitest';
import { dgaSigns } from './dga-score';
import { seeded } from './test-fixtures';

/** Popular sites, the ones whose names look least like English among them included. */
const POPULAR = `google.com youtube.com facebook.com wikipedia.org amazonaws.com cloudfront.net microsoft.com netflix.com
stackoverflow.com githubusercontent.com akamaiedge.net doubleclick.net instagram.com linkedin.com salesforce.com office365.com
microsoftonline.com windowsupdate.com googleapis.com gstatic.com dropboxusercontent.com slack-edge.com atlassian.net
sharepoint.com aspnetcdn.com tiktokcdn.com bootstrapcdn.com vimeocdn.com snapcraft.io archlinux.org xboxlive.com appsflyer.com
jsdelivr.net flipkart.com mzstatic.com telegraaf.nl sberbank.ru varzesh3.com epicgames.com wellsfargo.com techcrunch.com
duckduckgo.com googlesyndication.com googletagmanager.com scorecardresearch.com rubiconproject.com hepsiburada.com
wildberries.ru steamcommunity.com playstation.net nicovideo.jp mercadolibre.com.ar`.split(/\s+/);

describe('DGA signs', () => {
  it('keeps popular sites under the rule’s default score, the least English-looking of them included', () => {
    for (const domain of POPULAR) expect(dgaSigns(domain)?.score ?? 0, domain).toBeLessThan(0.6);
  });

  it('scores most random names above it', () => {
    const rnd = seeded(9);
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const names = Array.from(
      { length: 500 },
      () => `${Array.from({ length: 10 + Math.floor(rnd() * 10) }, () => alphabet[Math.floor(rnd() * 36)]).join('')}.com`,
    );
    const flagged = names.filter((n) => dgaSigns(n)!.score >= 0.6).length;
    expect(flagged / names.length).toBeGreaterThan(0.75);
    for (const known of ['jmtivnxsbpc.com', 'vxkrmqbcspyo.net', 'kqxndhwzrvyt.org', '1xr4k7v2mqp9.info']) expect(dgaSigns(known)!.score).toBeGreaterThan(0.7);
  });

  it('judges the registrable label only, and not short, internationalised, local or reverse names', () => {
    expect(dgaSigns('xjwqkzvbnqtr.example.com')).toBeNull();
    expect(dgaSigns('www.xjwqkzvbnqtr.co.uk')).toMatchObject({ domain: 'xjwqkzvbnqtr.co.uk', label: 'xjwqkzvbnqtr' });
    for (const name of ['bit.ly', 'xn--bcher-kva.example', 'fileserver.corp.local', '4.3.2.1.in-addr.arpa', 'localhost']) expect(dgaSigns(name)).toBeNull();
  });
});
