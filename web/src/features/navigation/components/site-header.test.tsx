import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetOverlayStackForTests } from '@/components/ui/overlay/overlay-stack';
import { MENU_CLOSE_GRACE_MS, MENU_FADE_MS, MENU_HOVER_DELAY_MS } from '@/config/constants';
import { setViewportWidth } from '@/test/media';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { demoMenu, demoSections } from '../test/menu-fixtures';
import { SiteHeader } from './site-header';

afterEach(() => {
  vi.useRealTimers();
  resetOverlayStackForTests();
});

function mockNavigation(menu: unknown = { items: demoMenu() }) {
  return mockApi({ '/api/menus/top': menu, '/api/sections': { sections: demoSections() } });
}

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const mainNav = () => screen.getByRole('navigation', { name: 'Основное меню' });
const location = () => screen.getByTestId('location').textContent;

describe('SiteHeader at 1043 px and wider', () => {
  it('renders the horizontal menu from GET /api/menus/top, parent labels as links and chevrons as toggles', async () => {
    mockNavigation();
    renderWithApp(<SiteHeader shopName="Витрина" />);
    await waitFor(() => expect(mainNav()).toBeInTheDocument());
    const bar = within(screen.getByTestId('menu-bar'));
    expect(bar.getAllByRole('link').map((link) => link.textContent)).toEqual(['Каталог', 'Скидки', 'Новинки', 'Конструкторы', 'Блог']);
    expect(bar.getByRole('link', { name: 'Каталог' })).toHaveAttribute('href', '/catalog/');
    expect(bar.getByRole('link', { name: 'Блог' })).toHaveAttribute('href', 'https://blog.example.ru/');
    const toggle = bar.getByRole('button', { name: 'Подменю «Каталог»' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).not.toBeVisible();
    // No mobile controls at the desktop layout.
    expect(screen.queryByRole('button', { name: 'Меню' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Каталог' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks the current page’s items aria-current and their ancestors active', async () => {
    mockNavigation();
    renderWithApp(<SiteHeader shopName="Витрина" />, { url: '/catalog/magnitnye-konstruktory/' });
    await waitFor(() => expect(mainNav()).toBeInTheDocument());
    const current = document.querySelectorAll('[aria-current="page"]');
    expect(Array.from(current, (link) => link.textContent)).toEqual(['Магнитные конструкторы', 'Магнитные конструкторы']);
    const activeRows = Array.from(mainNav().querySelectorAll('li[data-active]'), (row) => row.querySelector('a')?.textContent);
    expect(activeRows).toEqual(['Каталог', 'Конструкторы', 'Магнитные конструкторы', 'Конструкторы', 'Магнитные конструкторы']);
    expect(within(screen.getByTestId('menu-bar')).getByRole('link', { name: 'Скидки' })).not.toHaveAttribute('aria-current');
  });

  it('matches query items only with their parameters', async () => {
    mockNavigation();
    renderWithApp(<SiteHeader shopName="Витрина" />, { url: '/catalog/?sort=discount&page=2' });
    await waitFor(() => expect(mainNav()).toBeInTheDocument());
    const bar = within(screen.getByTestId('menu-bar'));
    expect(bar.getByRole('link', { name: 'Скидки' })).toHaveAttribute('aria-current', 'page');
    expect(bar.getByRole('link', { name: 'Новинки' })).not.toHaveAttribute('aria-current');
  });

  it('opens a dropdown after the 200 ms hover intent, not before, and fades it out after the pointer leaves', async () => {
    mockNavigation();
    renderWithApp(<SiteHeader shopName="Витрина" />);
    await waitFor(() => expect(mainNav()).toBeInTheDocument());
    vi.useFakeTimers();
    const toggle = within(screen.getByTestId('menu-bar')).getByRole('button', { name: 'Подменю «Каталог»' });
    const item = toggle.closest('li')!;
    const dropdown = document.getElementById(toggle.getAttribute('aria-controls')!)!;

    fireEvent.pointerEnter(item, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(100));
    expect(dropdown).not.toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    act(() => vi.advanceTimersByTime(MENU_HOVER_DELAY_MS - 100));
    expect(dropdown).toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    fireEvent.pointerLeave(item, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(MENU_CLOSE_GRACE_MS));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(dropdown).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(MENU_FADE_MS));
    expect(dropdown).not.toBeVisible();
  });

  it('is operable with the keyboard: ArrowDown opens with focus inside, Escape closes and returns focus', async () => {
    const u = user();
    mockNavigation();
    renderWithApp(<SiteHeader shopName="Витрина" />);
    await waitFor(() => expect(mainNav()).toBeInTheDocument());
    const toggle = within(screen.getByTestId('menu-bar')).getByRole('button', { name: 'Подменю «Каталог»' });
    toggle.focus();
    await u.keyboard('{ArrowDown}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const dropdown = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(dropdown).getByRole('link', { name: 'Конструкторы' })).toHaveFocus();

    // ArrowDown moves to the next entry (the nested toggle), ArrowRight opens the nested dropdown.
    await u.keyboard('{ArrowDown}');
    const nestedToggle = within(dropdown).getByRole('button', { name: 'Подменю «Конструкторы»' });
    expect(nestedToggle).toHaveFocus();
    await u.keyboard('{ArrowRight}');
    expect(nestedToggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Магнитные конструкторы' })).toHaveFocus();

    // Escape closes the innermost one first, then the top one, each returning focus to its toggle.
    await u.keyboard('{Escape}');
    expect(nestedToggle).toHaveAttribute('aria-expanded', 'false');
    expect(nestedToggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await u.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    // Enter toggles; Tab away closes.
    await u.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await u.keyboard('{Escape}');
    await u.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    act(() => within(screen.getByTestId('menu-bar')).getByRole('link', { name: 'Скидки' }).focus());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the catalogue mega menu with its backdrop, listing sections in columns', async () => {
    const u = user();
    mockNavigation();
    renderWithApp(<SiteHeader shopName="Витрина" />);
    const button = screen.getByRole('button', { name: 'Каталог' });
    await u.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const mega = screen.getByTestId('catalog-mega-menu');
    expect(await within(mega).findByRole('link', { name: 'Конструкторы' })).toHaveAttribute('href', '/catalog/s-1/');
    expect(within(mega).getByRole('link', { name: 'Пазлы 3D' })).toBeInTheDocument();
    expect(within(mega).getByRole('link', { name: /Весь каталог/ })).toHaveAttribute('href', '/catalog/');
    expect(screen.getByTestId('catalog-menu-backdrop')).toBeVisible();

    await u.click(screen.getByTestId('catalog-menu-backdrop'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows no menu row and no error when the menu cannot be loaded', async () => {
    mockNavigation({ status: 404, body: { errors: [] } });
    renderWithApp(<SiteHeader shopName="Витрина" />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Каталог' })).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('navigation', { name: 'Основное меню' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('SiteHeader below 1043 px', () => {
  it('opens the main menu: back title, catalogue entry, items whose arrows expand without navigating', async () => {
    setViewportWidth(375);
    const u = user();
    mockNavigation();
    renderWithApp(<SiteHeader shopName="Витрина" />, { url: '/' });
    await u.click(screen.getByRole('button', { name: 'Меню' }));
    const dialog = screen.getByRole('dialog', { name: 'Меню' });
    expect(within(dialog).getByRole('button', { name: 'Закрыть меню' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Каталог' })).toBeInTheDocument();
    await within(dialog).findByRole('link', { name: 'Скидки' });
    // The catalogue entry stands for the menu's own /catalog/ item.
    expect(within(dialog).queryByRole('link', { name: 'Каталог' })).not.toBeInTheDocument();

    const arrow = within(dialog).getByRole('button', { name: 'Подменю «Конструкторы»' });
    const sublist = document.getElementById(arrow.getAttribute('aria-controls')!)!;
    expect(arrow).toHaveAttribute('aria-expanded', 'false');
    expect(sublist).not.toBeVisible();
    await u.click(arrow);
    expect(arrow).toHaveAttribute('aria-expanded', 'true');
    expect(within(sublist).getByRole('link', { name: 'Магнитные конструкторы' })).toBeVisible();
    expect(location()).toBe('/');
    await u.click(arrow);
    expect(arrow).toHaveAttribute('aria-expanded', 'false');
    expect(sublist).not.toBeVisible();

    // Following a link navigates and closes the menu.
    await u.click(within(dialog).getByRole('link', { name: 'Скидки' }));
    expect(location()).toBe('/catalog/?sort=discount');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Меню' })).not.toBeInTheDocument());
  });

  it('stacks the catalogue slide menu on the main menu; Escape closes only the topmost', async () => {
    setViewportWidth(375);
    const u = user();
    mockNavigation();
    renderWithApp(<SiteHeader shopName="Витрина" />);
    await u.click(screen.getByRole('button', { name: 'Меню' }));
    await u.click(within(screen.getByRole('dialog', { name: 'Меню' })).getByRole('button', { name: 'Каталог' }));
    expect(screen.getByRole('dialog', { name: 'Каталог' })).toBeInTheDocument();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Каталог' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Меню' })).toBeInTheDocument();
  });

  it('catalogue slide menu: first section expanded, drills into a subsection, the back icon closes it', async () => {
    setViewportWidth(375);
    const u = user();
    mockNavigation();
    renderWithApp(<SiteHeader shopName="Витрина" />);
    await u.click(screen.getByRole('button', { name: 'Каталог' }));
    const dialog = screen.getByRole('dialog', { name: 'Каталог' });
    const first = await within(dialog).findByRole('button', { name: 'Подразделы «Конструкторы»' });
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('link', { name: 'Магнитные' })).toBeVisible();
    const second = within(dialog).getByRole('button', { name: 'Подразделы «Настольные игры»' });
    expect(second).toHaveAttribute('aria-expanded', 'false');

    await u.click(second);
    await u.click(within(dialog).getByRole('button', { name: 'Подразделы «Пазлы»' }));
    expect(within(dialog).getByRole('link', { name: 'Пазлы 3D' })).toBeVisible();
    const back = within(dialog).getByRole('button', { name: /Все разделы/ });
    expect(back).toHaveFocus();
    expect(within(dialog).queryByRole('link', { name: 'Конструкторы' })).not.toBeInTheDocument();
    await u.click(back);
    expect(within(dialog).getByRole('button', { name: 'Подразделы «Пазлы»' })).toHaveFocus();

    await u.click(within(dialog).getByRole('button', { name: 'Закрыть каталог' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Каталог' })).not.toBeInTheDocument());
  });

  it('shows the SLIDE_PANEL_UNDEFINED_ERROR alert in the main menu when the menu answer is malformed', async () => {
    setViewportWidth(375);
    const u = user();
    mockNavigation({});
    renderWithApp(<SiteHeader shopName="Витрина" />);
    await u.click(screen.getByRole('button', { name: 'Меню' }));
    const dialog = screen.getByRole('dialog', { name: 'Меню' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Возникла неопределенная ошибка');
    // The catalogue entry still works.
    expect(within(dialog).getByRole('button', { name: 'Каталог' })).toBeInTheDocument();
  });

  it('closes the slide menus when the window widens across 1043 px', async () => {
    setViewportWidth(375);
    const u = user();
    mockNavigation();
    renderWithApp(<SiteHeader shopName="Витрина" />);
    await u.click(screen.getByRole('button', { name: 'Меню' }));
    await u.click(within(screen.getByRole('dialog', { name: 'Меню' })).getByRole('button', { name: 'Каталог' }));
    act(() => setViewportWidth(1280));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => setViewportWidth(375));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks the foot for hiding on /personal/ paths', async () => {
    setViewportWidth(375);
    mockNavigation();
    renderWithApp(<SiteHeader shopName="Витрина" />, { url: '/personal/' });
    expect(screen.getByTestId('top-panel-foot')).toHaveAttribute('data-personal', 'true');
  });
});

describe('SiteHeader slots', () => {
  it.each([375, 1280])('puts the location slot at the end of the foot, after the menu row, at %i px', async (width) => {
    setViewportWidth(width);
    mockNavigation();
    renderWithApp(<SiteHeader shopName="Витрина" location={<button type="button">Казань</button>} />);
    const foot = screen.getByTestId('top-panel-foot');
    const slot = foot.querySelector('[data-area="location"]')!;
    expect(within(foot).getByRole('button', { name: 'Казань' })).toBeInTheDocument();
    await waitFor(() => expect(foot.querySelector('nav')).not.toBeNull());
    // The menu row, or the `display: contents` wrapper of its side that holds it (`OnSide`), comes right before.
    expect(slot.previousElementSibling).toContainElement(foot.querySelector('nav'));
  });
});
