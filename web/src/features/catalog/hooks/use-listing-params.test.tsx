import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListingParams } from './use-listing-params';

function at(url: string) {
  return ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
}

describe('useListingParams: the links of the listing without JavaScript (issue 22)', () => {
  it('an order or the flag leads to the first page and keeps the other parameters', () => {
    const { result } = renderHook(() => useListingParams(), {
      wrapper: at('/catalog/konstruktory/?sort=name&available=Y&page=3'),
    });
    expect(result.current.sortHref('price')).toBe('/catalog/konstruktory/?sort=price&available=Y');
    expect(result.current.sortHref(undefined)).toBe('/catalog/konstruktory/?available=Y');
    expect(result.current.availableHref(false)).toBe('/catalog/konstruktory/?sort=name');
    expect(result.current.pageHref(2)).toBe('/catalog/konstruktory/?sort=name&available=Y&page=2');
  });

  it('the flag is written as available=Y', () => {
    const { result } = renderHook(() => useListingParams(), { wrapper: at('/catalog/') });
    expect(result.current.availableHref(true)).toBe('/catalog/?available=Y');
    expect(result.current.sortHref(undefined)).toBe('/catalog/');
  });
});
