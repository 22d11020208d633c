import { describe, expect, it } from 'vitest';
import { isIPv4 } from './ipv4';
import { addChip, parsePaste } from './paste';

describe('pasting into the chip input', () => {
  it('splits on semicolons, spaces, newlines and commas and keeps the valid values', () => {
    const r = parsePaste('10.0.0.1;10.0.0.2, 10.0.0.3\n10.0.0.4  nope 999.1.1.1', isIPv4);
    expect(r.added).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']);
    expect(r.message).toBe('You Have Pasted 2 Invalid IPs and 4 Valid IPs');
  });

  it('reports an all-valid paste by count', () => {
    expect(parsePaste('1.1.1.1,2.2.2.2', isIPv4).message).toBe('You Have Pasted 2 IP(s)');
  });

  it('drops duplicates, within the paste and against the list, and says so', () => {
    const r = parsePaste('1.1.1.1 1.1.1.1 2.2.2.2', isIPv4, ['2.2.2.2']);
    expect(r.added).toEqual(['1.1.1.1']);
    expect(r.duplicateMessage).toBe('Duplicate Value Found');
  });

  it('adds a typed value only when valid and new', () => {
    expect(addChip(' 1.1.1.1 ', isIPv4, [], 'bad')).toEqual({ values: ['1.1.1.1'], error: null });
    expect(addChip('1.1.1.1', isIPv4, ['1.1.1.1'], 'bad').error).toBe('Duplicate Value Found');
    expect(addChip('x', isIPv4, [], 'Should be in the format x.x.x.x').error).toBe('Should be in the format x.x.x.x');
  });
});
