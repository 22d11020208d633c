import { describe, expect, it } from 'vitest';
import { demTargetSchema } from './api';
import { assistantRequestSchema } from '../assistant/api';

describe('what DEM and the assistant refuse before anything is stored or read', () => {
  it('takes an application URL only if an endpoint could open it', () => {
    expect(demTargetSchema.safeParse({ url: 'https://crm.example.com/login' }).success).toBe(true);
    expect(demTargetSchema.safeParse({ url: 'https://"IA%%' }).success).toBe(false);
  });

  it('refuses an assistant prompt with a NUL character or an unpaired surrogate', () => {
    expect(assistantRequestSchema.safeParse({ prompt: 'block gambling', agent_type: 'webfilter' }).success).toBe(true);
    expect(assistantRequestSchema.safeParse({ prompt: 'block \u0000 gambling', agent_type: 'webfilter' }).success).toBe(false);
    expect(assistantRequestSchema.safeParse({ prompt: 'block \ud800 gambling', agent_type: 'webfilter' }).success).toBe(false);
  });
});
