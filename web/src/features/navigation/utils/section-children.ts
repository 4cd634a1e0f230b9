import type { Section } from '@/lib/api/types';

/** The fields of a catalogue section (`GET /api/sections`) the navigation menus use. */
export type NavSection = Pick<Section, 'id' | 'name' | 'url' | 'parentId' | 'depth'>;

/** Sections grouped by parent id (`null`: the top level), each group in feed order. */
export type SectionChildren = ReadonlyMap<string | null, readonly NavSection[]>;

/** Groups the flat section list of `GET /api/sections` by parent, keeping the feed's order. */
export function groupSectionsByParent(sections: readonly NavSection[]): SectionChildren {
  const groups = new Map<string | null, NavSection[]>();
  for (const section of sections) {
    const group = groups.get(section.parentId);
    if (group) group.push(section);
    else groups.set(section.parentId, [section]);
  }
  return groups;
}

/** The children of `parentId` in `groups` (empty when none). */
export function childrenOf(groups: SectionChildren, parentId: string | null): readonly NavSection[] {
  return groups.get(parentId) ?? [];
}
