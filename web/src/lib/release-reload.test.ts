import { describe, expect, it, vi } from 'vitest';
import { RELEASE_RELOAD_MIN_INTERVAL_MS } from '@/config/constants';
import { handleChunkError, missingAssetUrl, type ReleaseReloadHost } from './release-reload';

const BASE = 'https://shop.example/catalog/';
const CHUNK = 'https://shop.example/assets/store-map-B-bBtPBr.js';

function host(status: number | 'offline') {
  const reload = vi.fn();
  const fetchMock = vi.fn(async () => {
    if (status === 'offline') throw new TypeError('Failed to fetch');
    return new Response(null, { status });
  });
  const value: ReleaseReloadHost = {
    location: { href: BASE, reload },
    sessionStorage: window.sessionStorage,
    fetch: fetchMock as unknown as typeof fetch,
  };
  return { value, reload, fetchMock };
}

const importError = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('missingAssetUrl', () => {
  it('reads the file from an import error and from a stylesheet preload error', () => {
    expect(missingAssetUrl(importError(CHUNK), BASE)).toBe(CHUNK);
    expect(missingAssetUrl(new Error('Unable to preload CSS for /assets/cart-D7.css'), BASE)).toBe(
      'https://shop.example/assets/cart-D7.css',
    );
  });

  it('ignores other errors and other origins', () => {
    expect(missingAssetUrl(new Error('boom'), BASE)).toBeNull();
    expect(missingAssetUrl(importError('https://cdn.example/assets/x.js'), BASE)).toBeNull();
  });
});

describe('handleChunkError', () => {
  it('reloads once when the file is gone (404), and not again for the same file', async () => {
    window.sessionStorage.clear();
    const first = host(404);
    await expect(handleChunkError(first.value, importError(CHUNK))).resolves.toBe(true);
    expect(first.reload).toHaveBeenCalledTimes(1);
    expect(first.fetchMock).toHaveBeenCalledWith(CHUNK, { method: 'HEAD', cache: 'no-store' });

    // After the reload the same file is still missing: no loop.
    const second = host(404);
    await expect(handleChunkError(second.value, importError(CHUNK))).resolves.toBe(false);
    expect(second.reload).not.toHaveBeenCalled();
  });

  it('does not reload for another missing file within a minute, and does after', async () => {
    window.sessionStorage.clear();
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    try {
      await handleChunkError(host(404).value, importError(CHUNK));
      const other = host(404);
      await handleChunkError(other.value, importError('https://shop.example/assets/other.js'));
      expect(other.reload).not.toHaveBeenCalled();
      vi.setSystemTime(1_000_000 + RELEASE_RELOAD_MIN_INTERVAL_MS);
      await handleChunkError(other.value, importError('https://shop.example/assets/other.js'));
      expect(other.reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the page alone when the file is there or the network failed', async () => {
    window.sessionStorage.clear();
    for (const status of [200, 503, 'offline'] as const) {
      const h = host(status);
      await expect(handleChunkError(h.value, importError(CHUNK))).resolves.toBe(false);
      expect(h.reload).not.toHaveBeenCalled();
    }
  });
});
