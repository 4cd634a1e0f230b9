import { normalizePath } from '@/config/paths';
import type { Section } from '@/lib/api/types';

/**
 * The section whose `url` is `pathname` (compared with {@link normalizePath}, so a missing trailing
 * slash or percent-escapes still match), or `undefined`.
 */
export function findSectionByPath(sections: readonly Section[], pathname: string): Section | undefined {
  const path = normalizePath(pathname);
  return sections.find((section) => normalizePath(section.url) === path);
}

/** The section with `id`, or `undefined`. */
export function findSectionById(sections: readonly Section[], id: string | null | undefined): Section | undefined {
  if (id == null) return undefined;
  return sections.find((section) => section.id === id);
}

/**
 * The chain from the top-level section down to the section with `id` itself (`[root, …, section]`);
 * empty when `id` is unknown. Stops on a cycle in a malformed tree.
 */
export function sectionTrail(sections: readonly Section[], id: string | null | undefined): Section[] {
  const byId = new Map(sections.map((section) => [section.id, section]));
  const trail: Section[] = [];
  const seen = new Set<string>();
  let current = id == null ? undefined : byId.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    trail.unshift(current);
    current = current.parentId == null ? undefined : byId.get(current.parentId);
  }
  return trail;
}

/** Direct children of `parentId` (`null`: the top-level sections), in feed order. */
export function childSections(sections: readonly Section[], parentId: string | null): Section[] {
  return sections.filter((section) => section.parentId === parentId);
}
