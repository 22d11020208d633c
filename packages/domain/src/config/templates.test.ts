import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configHash } from './hash';
import { variableValuesSchema } from '../api/config-templates';
import { MAX_TEMPLATE_VARIABLES, mergeDocuments, missingVariablesMessage, renderTemplate, resolveVariables, templateVariables } from './templates';
import type { ConfigDocument } from './document';

const lanTemplate = {
  interfaces: { lan: [{ name: 'lan1', ip: '{{lan_ip}}', prefix: 24, mtu: 1500 }], wan: [], vlans: [] },
  static_routes: [
    { id: '00000000-0000-4000-8000-000000000001', name: 'hq-{{ site_code }}', destination: '10.0.0.0/8', gateway: '{{lan_gw}}', metric: 0, enabled: true },
  ],
};

describe('configuration templates', () => {
  it('finds the variables a template uses, each once', () => {
    expect(templateVariables(lanTemplate)).toEqual(['lan_ip', 'site_code', 'lan_gw']);
    expect(templateVariables({ static_routes: [] })).toEqual([]);
  });

  it('takes the device value over the group value over the default', () => {
    expect(resolveVariables({ defaults: { a: 'd', b: 'd', c: 'd' }, group: { b: 'g', c: 'g' }, device: { c: 'x' } })).toEqual({ a: 'd', b: 'g', c: 'x' });
  });

  it('renders every text field, and names what has no value instead of leaving it', () => {
    const rendered = renderTemplate(lanTemplate, { lan_ip: '192.168.7.1', site_code: 'par', lan_gw: '192.168.7.254' });
    expect(rendered.ok && rendered.value.static_routes[0]).toMatchObject({ name: 'hq-par', gateway: '192.168.7.254' });
    expect(rendered.ok && rendered.value.interfaces.lan[0]?.ip).toBe('192.168.7.1');
    expect(renderTemplate(lanTemplate, { site_code: 'par' })).toEqual({ ok: false, missing: ['lan_ip', 'lan_gw'] });
    expect(missingVariablesMessage(['lan_ip', 'lan_gw'], 'edge-paris')).toBe('{{lan_ip}}, {{lan_gw}} have no value for device edge-paris');
  });

  it('looks a variable up among the values given only, never among what every object inherits', () => {
    const route = { static_routes: [{ name: '{{constructor}}-{{tostring}}' }] };
    expect(renderTemplate(route, {})).toEqual({ ok: false, missing: ['constructor', 'tostring'] });
    expect(renderTemplate(route, resolveVariables({ defaults: { tostring: 'b' }, device: { constructor: 'a' } }))).toEqual({
      ok: true,
      value: { static_routes: [{ name: 'a-b' }] },
    });
  });

  it('holds at most 200 values per template, device group or device', () => {
    const values = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, 'x']));
    expect(variableValuesSchema.safeParse(values(MAX_TEMPLATE_VARIABLES)).success).toBe(true);
    const tooMany = variableValuesSchema.safeParse(values(MAX_TEMPLATE_VARIABLES + 1));
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues.map((i) => i.message)).toEqual(['At most 200 variables']);
  });

  it('leaves a template without variables as it is, so its hash does not change', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((s) => !s.includes('{{')),
          fc.string().filter((s) => !s.includes('{{')),
        ),
        (doc) => {
          const r = renderTemplate(doc, {});
          expect(r.ok && configHash(r.value as ConfigDocument)).toBe(configHash(doc as ConfigDocument));
        },
      ),
    );
  });

  it('merges templates in order, section by section, and the device over all of them', () => {
    const routesA = [{ ...lanTemplate.static_routes[0]!, name: 'a' }];
    const routesB = [{ ...lanTemplate.static_routes[0]!, name: 'b' }];
    const merged = mergeDocuments(
      [{ static_routes: routesA, interfaces: lanTemplate.interfaces } as Partial<ConfigDocument>, { static_routes: routesB } as Partial<ConfigDocument>],
      {},
    );
    expect(merged).toEqual({ static_routes: routesB, interfaces: lanTemplate.interfaces });
    expect(mergeDocuments([{ static_routes: routesA } as Partial<ConfigDocument>], { static_routes: [] })).toEqual({ static_routes: [] });
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<Partial<ConfigDocument>>({}, { static_routes: [] }, { static_routes: routesA } as Partial<ConfigDocument>)),
        (templates) => {
          // The device's own section always wins; with none, the last template that has the section does.
          expect(mergeDocuments(templates, { static_routes: routesB } as Partial<ConfigDocument>).static_routes).toEqual(routesB);
          const last = [...templates].reverse().find((t) => t.static_routes);
          expect(mergeDocuments(templates, {}).static_routes).toEqual(last?.static_routes);
        },
      ),
    );
  });
});
