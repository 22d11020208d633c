import { describe, expect, it } from 'vitest';
import { MITRE_TACTICS, MITRE_TECHNIQUES, mitreTechniqueTitle, mitreUrl } from './mitre';
import { NDR_RULES } from './registry';

describe('MITRE ATT&CK data', () => {
  it('holds the fourteen Enterprise tactics once each, and techniques under tactics it holds', () => {
    expect(MITRE_TACTICS).toHaveLength(14);
    expect(new Set(MITRE_TACTICS.map((t) => t.id)).size).toBe(14);
    expect(new Set(MITRE_TECHNIQUES.map((t) => t.id)).size).toBe(MITRE_TECHNIQUES.length);
    const tactics = new Set<string>(MITRE_TACTICS.map((t) => t.id));
    for (const t of MITRE_TECHNIQUES) for (const tactic of t.tactics) expect(tactics.has(tactic), t.id).toBe(true);
    // A sub-technique's parent is in the table, under the same tactics.
    for (const t of MITRE_TECHNIQUES.filter((x) => x.id.includes('.'))) {
      const parent = MITRE_TECHNIQUES.find((x) => x.id === t.id.split('.')[0]);
      expect(parent?.tactics, t.id).toEqual(t.tactics);
    }
  });

  it('titles sub-techniques as ATT&CK does, and links to their pages', () => {
    expect(mitreTechniqueTitle('T1021.004')).toBe('Remote Services: SSH');
    expect(mitreTechniqueTitle('T1568.002')).toBe('Dynamic Resolution: Domain Generation Algorithms');
    expect(mitreTechniqueTitle('T1046')).toBe('Network Service Discovery');
    expect(mitreUrl('T1071.004')).toBe('https://attack.mitre.org/techniques/T1071/004/');
    expect(mitreUrl('TA0011')).toBe('https://attack.mitre.org/tactics/TA0011/');
  });

  it('maps every rule’s techniques to tactics the rule names', () => {
    for (const rule of NDR_RULES) {
      for (const id of rule.techniques) {
        const technique = MITRE_TECHNIQUES.find((t) => t.id === id)!;
        expect(
          technique.tactics.some((t) => rule.tactics.includes(t)),
          `${rule.id} ${id}`,
        ).toBe(true);
      }
    }
  });
});
