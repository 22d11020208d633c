import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configDocumentSchema } from '../document';
import { checkTemplateSection } from '../effective';
import { interfaces, issues, uuid } from './test-fixtures';

const cls = (n: number, over: Record<string, unknown> = {}) => ({ id: uuid(n), name: `class${n}`, guaranteed_pct: 10, maximum_pct: 100, priority: 4, ...over });
const rule = (n: number, over: Record<string, unknown> = {}) => ({ id: uuid(100 + n), name: `rule ${n}`, class: 'class1', dscp: n, ...over });
const shaping = [{ interface: 'wan1', upload_kbps: 20_000, download_kbps: 100_000 }];

describe('QoS family', () => {
  it('accepts shaping on interfaces of the document, classes and rules into them, and fills defaults', () => {
    const qos = {
      interfaces: [...shaping, { interface: 'lan1.10', upload_kbps: 1000, download_kbps: 1000 }],
      classes: [cls(1, { name: 'voice', guaranteed_pct: 30, maximum_pct: 50, priority: 1 }), cls(2, { guaranteed_pct: 70 })],
      rules: [
        rule(1, { class: 'voice', dscp: 46 }),
        rule(2, { class: 'class2', dscp: undefined, application: 'zoom', protocol: 'udp', dest_port: '8801:8810' }),
        rule(3, { class: 'class2', dscp: undefined, source: '192.168.1.0/24' }),
      ],
    };
    expect(issues({ interfaces, qos })).toEqual([]);
    const doc = configDocumentSchema.parse({ interfaces, qos });
    expect(doc.qos?.interfaces[0]?.enabled).toBe(true);
    expect(doc.qos?.rules[2]).toMatchObject({ enabled: true, protocol: 'any' });
  });

  it('says which class to lower when the guaranteed shares pass 100 %, and refuses a guarantee above the maximum', () => {
    const classes = [cls(1, { guaranteed_pct: 50 }), cls(2, { guaranteed_pct: 40 }), cls(3, { guaranteed_pct: 20 }), cls(4, { guaranteed_pct: 0 })];
    expect(issues({ qos: { classes } })).toEqual(['qos.classes.2.guaranteed_pct: Guaranteed shares add up to 110 %, above 100 %']);
    expect(issues({ qos: { classes: [cls(1, { guaranteed_pct: 60, maximum_pct: 50 })] } })).toEqual([
      'qos.classes.0.guaranteed_pct: Guaranteed share above the maximum share',
    ]);
    expect(issues({ qos: { classes: [cls(1, { priority: 8 }), cls(2, { name: 'class1' })] } })).toEqual([
      'qos.classes.0.priority: Too big: expected number to be <=7',
      'qos.classes.1.name: Class name already used',
    ]);
  });

  it('accepts any classes whose guarantees fit in 100 % and refuses any that do not, at the class that tips it over', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 12 }), (shares) => {
        const classes = shares.map((g, i) => cls(i + 1, { guaranteed_pct: g }));
        const total = shares.reduce((a, b) => a + b, 0);
        const found = issues({ qos: { classes } });
        if (total <= 100) expect(found).toEqual([]);
        else {
          let running = 0;
          const tipping = shares.findIndex((g) => (running += g) > 100);
          expect(found).toEqual([`qos.classes.${tipping}.guaranteed_pct: Guaranteed shares add up to ${total} %, above 100 %`]);
        }
      }),
    );
  });

  it('puts traffic into existing classes only, by rules that do not repeat one another', () => {
    const qos = {
      classes: [cls(1)],
      rules: [rule(1, { class: 'video' }), rule(2, { dscp: 1 }), rule(3, { dscp: 1, enabled: false }), rule(4, { dscp: 4, dest_port: '443' })],
    };
    expect(issues({ qos })).toEqual([
      'qos.rules.3.dest_port: Ports need TCP or UDP',
      'qos.rules.0.class: No such class',
      'qos.rules.1.name: Matches the same traffic as an earlier rule, which decides first',
    ]);
  });

  it('flags a rule naming a class exactly when no class has that name', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 4 }), fc.constantFrom('a', 'b', 'c', 'd'), (names, target) => {
        const classes = names.map((name, i) => cls(i + 1, { name, guaranteed_pct: 0 }));
        const found = issues({ qos: { classes, rules: [rule(1, { class: target })] } });
        expect(found).toEqual(names.includes(target) ? [] : ['qos.rules.0.class: No such class']);
      }),
    );
  });

  it('flags a later enabled rule exactly when an earlier enabled one matches the same traffic', () => {
    const match = fc.record({
      dscp: fc.option(fc.constantFrom(10, 46), { nil: undefined }),
      application: fc.option(fc.constantFrom('zoom', 'teams'), { nil: undefined }),
    });
    fc.assert(
      fc.property(match, match, fc.boolean(), (a, b, enabled) => {
        const found = issues({ qos: { classes: [cls(1)], rules: [rule(1, a), rule(2, { ...b, enabled })] } });
        const same = enabled && a.dscp === b.dscp && a.application === b.application;
        expect(found).toEqual(same ? ['qos.rules.1.name: Matches the same traffic as an earlier rule, which decides first'] : []);
      }),
    );
  });

  it('shapes interfaces of the document only, each once', () => {
    const qos = { interfaces: [...shaping, { interface: 'wan9', upload_kbps: 64, download_kbps: 64 }, { ...shaping[0], upload_kbps: 10 }] };
    expect(issues({ interfaces, qos })).toEqual([
      'qos.interfaces.2.upload_kbps: Too small: expected number to be >=64',
      'qos.interfaces.2.interface: Interface already listed',
      'qos.interfaces.1.interface: No such interface in this configuration',
    ]);
  });

  it('lets a template hold variables in its text fields', () => {
    const section = {
      interfaces: [{ interface: '{{uplink}}', upload_kbps: 1000, download_kbps: 1000 }],
      classes: [cls(1)],
      rules: [rule(1, { source: '{{site_net}}' })],
    };
    expect(checkTemplateSection('qos', section)).toEqual([]);
    expect(checkTemplateSection('qos', { ...section, rules: [rule(1, { source: '10.0.0.1/8' })] }).map((i) => i.path.join('.'))).toEqual(['rules.0.source']);
  });
});
