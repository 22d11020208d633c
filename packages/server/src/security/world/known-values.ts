/** Values a generated call cannot guess from the document, and the canary every planted text begins with. */

/** How every canary begins: a search for it finds the victim's planted names and nothing of anyone else's. */
export const CANARY_PREFIX = 'cnry';

/** Zero-trust fields a generated call cannot guess: a policy's who and what, a server's or relay's address, nameservers, the tool's user. */
export const ZTNA_FIELD_VALUES: Record<string, unknown> = {
  sources: { everyone: true },
  destinations: { sites: ['HQ'] },
  address: 'app.example.net',
  nameservers: ['10.0.0.53'],
  user: 'viewer@acme.test',
  // The MicroZAccess client's sign-in hands its key only to a loopback address.
  redirect_uri: 'http://127.0.0.1:53124/cb',
};

/** QShield's fields a generated call cannot guess: an origin, a threat list's entries, a policy-as-code document. */
export const WAF_FIELD_VALUES: Record<string, unknown> = {
  origins: [{ url: 'http://10.0.0.5:8080' }],
  entries: '198.51.100.0/24\n203.0.113.7',
  yaml: 'apiVersion: netloom.io/qshield/v1\nkind: WafPolicy\nspec:\n  paranoia_level: 2\n',
};

/** Path parameters that name one of a few words the document does not list (an unknown one answers 404): a valid word. */
export const PATH_WORDS: Record<string, string> = { tour: 'sdwan' };

/** A report's period and a schedule's recipients, which a generated call cannot guess. */
export const REPORT_FIELD_VALUES: Record<string, unknown> = {
  from: new Date(Date.now() - 86_400_000).toISOString(),
  to: new Date().toISOString(),
  recipients: ['reports@example.test'],
};

/** A host the attacker's gateway reports on its LAN: NAC decisions name it. */
export const ATTACKER_NAC_MAC = '02:00:00:00:0a:01';
