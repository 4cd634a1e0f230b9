import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('loads once and then holds the module, so a render reads it without suspending', async () => {
    const importer = vi.fn(() => Promise.resolve({ Page: 'page' }));
    const lazy = lazyModule(importer);
    expect(lazy.loaded()).toBeUndefined();
    await Promise.all([lazy.load(), lazy.load()]);
    expect(lazy.loaded()).toEqual({ Page: 'page' });
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load (a chunk the network lost)', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ Page: 'page' });
    const lazy = lazyModule(importer as () => Promise<{ Page: string }>);
    await expect(lazy.load()).rejects.toThrow('offline');
    await expect(lazy.load()).resolves.toEqual({ Page: 'page' });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
