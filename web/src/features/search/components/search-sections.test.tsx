import { renderToString } from 'react-dom/server';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SECTIONS_CONTAINER_HEIGHT_PX } from '@/config/constants';
import type { SearchSection } from '../api/search';
import { SearchSections } from './search-sections';

const sections: SearchSection[] = [
  // The server's name of "0" is not shown: the shopper's language names it.
  { id: '0', value: 'All results from the server', found: 7 },
  { id: '1', value: 'Конструкторы', found: 2 },
  { id: '2', value: 'Пазлы', found: 5 },
];

// jsdom lays nothing out (scrollHeight is 0); tests that need a height stub it on the prototype.
// jsdom defines these layout properties (always 0) on Element/HTMLElement; the stubs shadow them on
// HTMLElement.prototype and are removed (or the original put back) after each test.
const stubbed = ['scrollHeight', 'offsetTop', 'offsetHeight'] as const;
const originals = new Map(stubbed.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)]));

function stubLayout(name: (typeof stubbed)[number], get: (this: HTMLElement) => number) {
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get });
}

function stubScrollHeight(px: number) {
  stubLayout('scrollHeight', () => px);
}

afterEach(() => {
  for (const [name, descriptor] of originals) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  }
});

const group = () => screen.getByRole('group', { name: 'Разделы' });
const sectionButtons = () => within(group()).getAllByRole('button');

describe('SearchSections', () => {
  it('presses the selected section only, with each section’s count', () => {
    render(<SearchSections sections={sections} selected="2" onSelect={vi.fn()} />);
    expect(sectionButtons().map((button) => button.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'true']);
    expect(within(group()).getByRole('button', { name: /^Пазлы\s*5$/, pressed: true })).toBeInTheDocument();
    expect(within(group()).getByRole('button', { name: /^Конструкторы\s*2$/, pressed: false })).toBeInTheDocument();
  });

  it('names section "0" "Все результаты" whatever its value says', () => {
    render(<SearchSections sections={sections} selected="0" onSelect={vi.fn()} />);
    const all = sectionButtons()[0]!;
    expect(all).toHaveAccessibleName('Все результаты 7');
    expect(all).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('All results from the server')).not.toBeInTheDocument();
  });

  it('calls onSelect with the clicked section’s id', () => {
    const onSelect = vi.fn();
    render(<SearchSections sections={sections} selected="0" onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: /^Конструкторы\s*2$/ }));
    expect(onSelect).toHaveBeenCalledWith('1');
    fireEvent.click(screen.getByRole('button', { name: /^Все результаты\s*7$/ }));
    expect(onSelect).toHaveBeenLastCalledWith('0');
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it(`cuts a list taller than ${SECTIONS_CONTAINER_HEIGHT_PX} px and toggles "Показать все" / "Скрыть"`, () => {
    stubScrollHeight(SECTIONS_CONTAINER_HEIGHT_PX + 40);
    render(<SearchSections sections={sections} selected="0" onSelect={vi.fn()} />);
    expect(group()).toHaveStyle({ maxHeight: '92px' });
    expect(group()).toHaveAttribute('data-collapsed', 'true');

    const toggle = screen.getByRole('button', { name: 'Показать все' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', group().id);
    expect(toggle.querySelector('svg')).not.toBeNull();
    const downIcon = toggle.querySelector('svg')!.outerHTML;

    fireEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Скрыть');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(group().style.maxHeight).toBe('');
    expect(group()).not.toHaveAttribute('data-collapsed');
    // The arrow turns from down to up.
    expect(toggle.querySelector('svg')!.outerHTML).not.toBe(downIcon);

    fireEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Показать все');
    expect(group()).toHaveStyle({ maxHeight: '92px' });
  });

  it(`shows no toggle and no cut for a list of exactly ${SECTIONS_CONTAINER_HEIGHT_PX} px`, () => {
    stubScrollHeight(SECTIONS_CONTAINER_HEIGHT_PX);
    render(<SearchSections sections={sections} selected="0" onSelect={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Показать все' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Скрыть' })).not.toBeInTheDocument();
    expect(group().style.maxHeight).toBe('');
    expect(sectionButtons()).toHaveLength(3);
  });

  it('hides the sections below the cut until expanded, so none is focusable or half shown under the toggle', () => {
    stubScrollHeight(SECTIONS_CONTAINER_HEIGHT_PX + 40);
    // Buttons are 30 px tall; the third sits 80 px into the list, so it ends 18 px below the cut.
    stubLayout('offsetTop', function () {
      return this.getAttribute('data-section-id') === '2' ? 80 : 0;
    });
    stubLayout('offsetHeight', () => 30);
    render(<SearchSections sections={sections} selected="0" onSelect={vi.fn()} />);
    const [all, first, cut] = sectionButtons();
    expect(all).not.toHaveAttribute('data-cut');
    expect(first).not.toHaveAttribute('data-cut');
    expect(cut).toHaveAttribute('data-cut', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Показать все' }));
    expect(cut).not.toHaveAttribute('data-cut');
  });

  it('with a summary line, cuts the list from the first render and puts the toggle at the end of that line', () => {
    stubScrollHeight(SECTIONS_CONTAINER_HEIGHT_PX + 40);
    const html = renderToString(
      <SearchSections sections={sections} selected="0" onSelect={vi.fn()} summary={<p>Найдено 3 товара</p>} />,
    );
    // The server's HTML is cut already, so measuring after hydration moves nothing below.
    expect(html).toContain('max-height:92px');

    render(<SearchSections sections={sections} selected="0" onSelect={vi.fn()} summary={<p>Найдено 3 товара</p>} />);
    const summary = screen.getByText('Найдено 3 товара');
    const toggle = screen.getByRole('button', { name: 'Показать все' });
    expect(toggle.parentElement).toBe(summary.parentElement);
    expect(group()).toHaveStyle({ maxHeight: '92px' });

    fireEvent.click(toggle);
    expect(group().style.maxHeight).toBe('');
  });
});
