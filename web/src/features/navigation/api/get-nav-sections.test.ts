import { describe, expect, it } from 'vitest';
import { sectionsQueryOptions } from '@/features/catalog/api/get-sections';
import { navSectionsQueryOptions } from './get-nav-sections';

describe('navSectionsQueryOptions', () => {
  // Features do not import each other; this test may, to keep the shared cache entry shared.
  it('uses the catalogue feature’s query key, so the section tree is fetched and cached once', () => {
    expect(navSectionsQueryOptions().queryKey).toEqual(sectionsQueryOptions().queryKey);
    expect(navSectionsQueryOptions().staleTime).toEqual(sectionsQueryOptions().staleTime);
  });
});
