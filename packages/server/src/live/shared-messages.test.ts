import { describe, expect, it } from 'vitest';
import { SharedMessages } from './shared-messages';

describe('changed-row messages shared between consoles', () => {
  it('builds the message of a batch once and answers the same buffer for the same rows', () => {
    const messages = new SharedMessages();
    const a = '{"id":"a"}';
    const b = '{"id":"b"}';
    const first = messages.partial([a, b]);
    expect(JSON.parse(first.toString())).toEqual({ deviceinfo: [{ id: 'a' }, { id: 'b' }], partial: true });
    expect(messages.partial([a, b])).toBe(first);
    expect(messages.partial([b, a])).not.toBe(first);
    expect(JSON.parse(messages.partial([a]).toString()).deviceinfo).toEqual([{ id: 'a' }]);
  });

  it('keeps only the last few batches', () => {
    const messages = new SharedMessages(2);
    const first = messages.partial(['1']);
    messages.partial(['2']);
    messages.partial(['3']);
    expect(messages.partial(['1'])).not.toBe(first);
  });
});
