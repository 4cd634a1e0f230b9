import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { mockApi } from '@/test/mock-api';
import { getSections, MalformedSectionsError, sectionsQueryOptions, sectionsRetry } from './get-sections';

const section = { id: '1', name: 'Конструкторы', url: '/catalog/konstruktory/', parentId: null, depth: 0, offerCount: 3 };

describe('getSections', () => {
  it('returns the sections of GET /api/sections', async () => {
    mockApi({ '/api/sections': { sections: [section] } });
    expect(await getSections()).toEqual([section]);
  });

  it('rejects an answer without sections as malformed, and such an answer is not retried', async () => {
    mockApi({ '/api/sections': {} });
    const error = await getSections().then(
      () => new Error('resolved'),
      (caught: Error) => caught,
    );
    expect(error).toBeInstanceOf(MalformedSectionsError);
    expect(sectionsRetry(0, error)).toBe(false);
  });

  it('throws the API error of a failed request', async () => {
    mockApi({ '/api/sections': { status: 500, body: { errors: [] } } });
    await expect(getSections()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('sectionsQueryOptions', () => {
  it('retries quick server failures but never after the request time-out or a 4xx', () => {
    const { retry } = sectionsQueryOptions();
    expect(retry).toBe(sectionsRetry);
    expect(sectionsRetry(0, new ApiError(503, []))).toBe(true);
    expect(sectionsRetry(0, new ApiError(404, []))).toBe(false);
    expect(sectionsRetry(0, new ApiError(0, [{ code: 'TIMEOUT', field: null, detail: 'time-out' }]))).toBe(false);
  });
});
