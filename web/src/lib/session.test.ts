import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { SESSION_SCOPED, refreshSessionQueries } from './session';

describe('refreshSessionQueries', () => {
  it('invalidates the session-scoped queries only, leaving the catalogue as it is', async () => {
    const client = createQueryClient({ retry: false });
    client.setQueryData(['basket', 'lines'], { lines: [] });
    client.getQueryCache().find({ queryKey: ['basket', 'lines'] })!.options.meta = SESSION_SCOPED;
    client.setQueryData(['sections'], { sections: [] });
    await refreshSessionQueries(client);
    expect(client.getQueryState(['basket', 'lines'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['sections'])?.isInvalidated).toBe(false);
  });
});
