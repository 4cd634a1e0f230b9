import type { MenuItem } from '@/lib/api/types';
import type { NavSection } from '../utils/section-children';

let nextId = 1000;

/** A menu item for tests; `children` default to none. */
export function menuItem(title: string, url: string, children: MenuItem[] = []): MenuItem {
  nextId += 1;
  return { id: nextId, title, url, children };
}

/** A small menu shaped like the demo one: Каталог (sections, subsections), Скидки, Новинки, a section. */
export function demoMenu(): MenuItem[] {
  return [
    menuItem('Каталог', '/catalog/', [
      menuItem('Конструкторы', '/catalog/konstruktory/', [
        menuItem('Магнитные конструкторы', '/catalog/magnitnye-konstruktory/'),
        menuItem('Деревянные кубики', '/catalog/dereviannye-kubiki/'),
      ]),
      menuItem('Куклы', '/catalog/kukly/'),
    ]),
    menuItem('Скидки', '/catalog/?sort=discount'),
    menuItem('Новинки', '/catalog/?sort=new'),
    menuItem('Конструкторы', '/catalog/konstruktory/', [
      menuItem('Магнитные конструкторы', '/catalog/magnitnye-konstruktory/'),
    ]),
    menuItem('Блог', 'https://blog.example.ru/'),
  ];
}

/** A section for tests. */
export function navSection(id: string, name: string, parentId: string | null = null, depth = parentId ? 1 : 0): NavSection & { offerCount: number } {
  return { id, name, url: `/catalog/s-${id}/`, parentId, depth, offerCount: 3 };
}

/** Two top-level sections with subsections, one subsection with its own (third-level) subsections. */
export function demoSections() {
  return [
    navSection('1', 'Конструкторы'),
    navSection('2', 'Магнитные', '1'),
    navSection('3', 'Деревянные', '1'),
    navSection('4', 'Настольные игры'),
    navSection('5', 'Пазлы', '4'),
    navSection('6', 'Пазлы 3D', '5', 2),
    navSection('7', 'Пазлы детские', '5', 2),
  ];
}
