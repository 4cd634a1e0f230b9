import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@/lib/api/types';
import { normalizePath } from '@/config/paths';
import { findActiveItems, isCurrentUrl, isExternalUrl, plainPathname } from './menu-url';

const at = (pathname: string, search = '') => ({ pathname, search });

function item(id: number, url: string, children: MenuItem[] = []): MenuItem {
  return { id, title: `Пункт ${id}`, url, children };
}

describe('isCurrentUrl', () => {
  it('matches the same pathname, with or without the trailing slash', () => {
    expect(isCurrentUrl('/catalog/konstruktory/', at('/catalog/konstruktory/'))).toBe(true);
    expect(isCurrentUrl('/catalog/konstruktory/', at('/catalog/konstruktory'))).toBe(true);
    expect(isCurrentUrl('/catalog/konstruktory', at('/catalog/konstruktory/'))).toBe(true);
  });

  it('does not match a parent or child path', () => {
    expect(isCurrentUrl('/catalog/', at('/catalog/konstruktory/'))).toBe(false);
    expect(isCurrentUrl('/catalog/konstruktory/', at('/catalog/'))).toBe(false);
  });

  it("needs every query parameter of the item in the location, extra ones allowed", () => {
    expect(isCurrentUrl('/catalog/?sort=discount', at('/catalog/', '?sort=discount'))).toBe(true);
    expect(isCurrentUrl('/catalog/?sort=discount', at('/catalog/', '?sort=discount&page=2'))).toBe(true);
    expect(isCurrentUrl('/catalog/?sort=discount', at('/catalog/', '?sort=new'))).toBe(false);
    expect(isCurrentUrl('/catalog/?sort=discount', at('/catalog/'))).toBe(false);
  });

  it('treats an item without parameters as current on its path whatever the query', () => {
    expect(isCurrentUrl('/catalog/', at('/catalog/', '?sort=new'))).toBe(true);
  });

  it('compares percent-escaped and plain paths alike', () => {
    expect(isCurrentUrl('/catalog/игрушки/', at('/catalog/%D0%B8%D0%B3%D1%80%D1%83%D1%88%D0%BA%D0%B8/'))).toBe(true);
  });

  it('never marks an external link current', () => {
    expect(isCurrentUrl('https://example.ru/catalog/', at('/catalog/'))).toBe(false);
    expect(isExternalUrl('https://example.ru/')).toBe(true);
    expect(isExternalUrl('//example.ru/')).toBe(true);
    expect(isExternalUrl('mailto:shop@example.ru')).toBe(true);
    expect(isExternalUrl('/catalog/')).toBe(false);
  });
});

describe('plainPathname', () => {
  it('reads the path the URL parser gives, or leaves the link to the parser', () => {
    const links = [
      '/catalog/konstruktory/', '/catalog/', '/', '/catalog/?sort=new', '/catalog/#top', '/catalog/игрушки/',
      '/catalog/a b/', '/catalog/a%20b/', '/catalog/%zz/', '/catalog/./a/', '/catalog/../a/', '/catalog/..', '/a/.b/',
      '//example.ru/a/', '/a\\b/', '/a\tb/', '/a\u0001', 'catalog/', '/catalog/{x}"<>`/',
    ];
    for (const link of links) {
      const plain = plainPathname(link);
      if (plain !== null) expect(normalizePath(plain), link).toBe(normalizePath(new URL(link, 'http://site.invalid').pathname));
    }
    expect(plainPathname('/catalog/konstruktory/?sort=new')).toBe('/catalog/konstruktory/');
    expect(plainPathname('/catalog/игрушки/')).toBe('/catalog/игрушки/');
    for (const link of ['//example.ru/a/', '/a\\b/', '/catalog/a%20b/', '/catalog/../a/', '/a\u0001', 'catalog/']) {
      expect(plainPathname(link), link).toBeNull();
    }
  });
});

describe('findActiveItems', () => {
  const menu = [
    item(1, '/catalog/', [item(2, '/catalog/konstruktory/', [item(3, '/catalog/magnitnye/')]), item(4, '/catalog/kukly/')]),
    item(5, '/catalog/?sort=discount'),
    item(6, '/catalog/konstruktory/', [item(7, '/catalog/magnitnye/')]),
  ];

  it('marks the exact items current and all their ancestors active', () => {
    const active = findActiveItems(menu, at('/catalog/magnitnye/'));
    expect([...active.current].sort()).toEqual([3, 7]);
    expect([...active.ancestors].sort()).toEqual([1, 2, 6]);
  });

  it('marks an item with parameters only when they are in the location', () => {
    expect([...findActiveItems(menu, at('/catalog/', '?sort=discount')).current].sort()).toEqual([1, 5]);
    expect([...findActiveItems(menu, at('/catalog/')).current]).toEqual([1]);
  });

  it('marks nothing on a page the menu does not link', () => {
    const active = findActiveItems(menu, at('/personal/'));
    expect(active.current.size).toBe(0);
    expect(active.ancestors.size).toBe(0);
  });
});
