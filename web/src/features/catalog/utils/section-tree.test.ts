import { describe, expect, it } from 'vitest';
import type { Section } from '@/lib/api/types';
import { childSections, findSectionByPath, sectionTrail } from './section-tree';

const section = (id: string, parentId: string | null, url: string): Section => ({
  id,
  name: `Section ${id}`,
  url,
  parentId,
  depth: parentId ? 1 : 0,
  offerCount: 1,
});

const sections = [
  section('1', null, '/catalog/toys/'),
  section('2', '1', '/catalog/lego/'),
  section('3', null, '/catalog/books/'),
  section('4', '2', '/catalog/lego-technic/'),
];

describe('section tree', () => {
  it('finds a section by its path with or without the trailing slash', () => {
    expect(findSectionByPath(sections, '/catalog/lego/')?.id).toBe('2');
    expect(findSectionByPath(sections, '/catalog/lego')?.id).toBe('2');
    expect(findSectionByPath(sections, '/catalog/nope/')).toBeUndefined();
  });

  it('builds the trail from the top-level section down', () => {
    expect(sectionTrail(sections, '4').map((s) => s.id)).toEqual(['1', '2', '4']);
    expect(sectionTrail(sections, 'x')).toEqual([]);
  });

  it('lists direct children in feed order', () => {
    expect(childSections(sections, null).map((s) => s.id)).toEqual(['1', '3']);
    expect(childSections(sections, '1').map((s) => s.id)).toEqual(['2']);
  });
});
