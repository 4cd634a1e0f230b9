import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n';
import { DESKTOP_BREAKPOINT_PX } from '@/config/constants';
import { setViewportWidth } from '@/test/media';
import { OVERLAY_PART_ATTRIBUTE, useOverlayPart } from './overlay-parts';
import { forgetOverlayDialogForTests, loadOverlayDialog } from './overlay-dialog-loader';
import { getOverlayStack, resetOverlayStackForTests } from './overlay-stack';
import { Popup } from './popup';
import { SlidePanel } from './slide-panel';

afterEach(() => resetOverlayStackForTests());

/** A page with a button opening a slide panel, whose content opens a pop-up on top of it. */
function StackedOverlays() {
  const [panel, setPanel] = useState(false);
  const [popup, setPopup] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setPanel(true)}>
        Открыть панель
      </button>
      <SlidePanel open={panel} onOpenChange={setPanel} title="Контакты">
        <p>Содержимое панели</p>
        <button type="button" onClick={() => setPopup(true)}>
          Заказать звонок
        </button>
        <Popup open={popup} onOpenChange={setPopup} title="Обратный звонок">
          <input aria-label="Телефон" />
        </Popup>
      </SlidePanel>
    </>
  );
}

/** Registers a node rendered outside the overlay (as a third-party dropdown would be) as its part. */
function OwnedDropdown({ node }: { node: HTMLElement }) {
  useOverlayPart(node);
  return null;
}

/** Radix's outside-press listener is attached on the next tick after opening. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

describe('SlidePanel and Popup', () => {
  it('opened before the dialog chunk arrived, shows as soon as it has, with focus inside', async () => {
    forgetOverlayDialogForTests();
    try {
      render(<StackedOverlays />);
      await user().click(screen.getByRole('button', { name: 'Открыть панель' }));
      // The opening loads the chunk (no idle preload ran here); the dialog follows within a few ticks.
      expect(getOverlayStack()).toHaveLength(1);
      const dialog = await screen.findByRole('dialog', { name: 'Контакты' });
      expect(dialog).toHaveAttribute('data-state', 'open');
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    } finally {
      await loadOverlayDialog();
    }
  });

  it('are modal dialogs labelled by their title with a "Закрыть" button', async () => {
    render(<StackedOverlays />);
    await user().click(screen.getByRole('button', { name: 'Открыть панель' }));

    const dialog = screen.getByRole('dialog', { name: 'Контакты' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-state', 'open');
    expect(dialog).toHaveClass('is-active');
    expect(screen.getByRole('heading', { level: 2, name: 'Контакты' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Закрыть' })).toBeInTheDocument();
    expect(screen.getByTestId('overlay-backdrop')).toHaveAttribute('data-state', 'open');
  });

  it('Escape closes only the topmost of two stacked overlays, then the next', async () => {
    const u = user();
    render(<StackedOverlays />);
    await u.click(screen.getByRole('button', { name: 'Открыть панель' }));
    await u.click(screen.getByRole('button', { name: 'Заказать звонок' }));
    expect(screen.getByRole('dialog', { name: 'Обратный звонок' })).toBeInTheDocument();
    expect(getOverlayStack()).toHaveLength(2);

    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Обратный звонок' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Контакты' })).toBeInTheDocument();
    expect(getOverlayStack()).toHaveLength(1);

    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getOverlayStack()).toHaveLength(0);
  });

  it('registers in the stack in opening order', async () => {
    const u = user();
    render(<StackedOverlays />);
    await u.click(screen.getByRole('button', { name: 'Открыть панель' }));
    const [panelEntry] = getOverlayStack();
    await u.click(screen.getByRole('button', { name: 'Заказать звонок' }));
    const stack = getOverlayStack();
    expect(stack).toHaveLength(2);
    expect(stack[0]).toBe(panelEntry);
    act(() => stack[1]!.close());
    expect(screen.queryByRole('dialog', { name: 'Обратный звонок' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Контакты' })).toBeInTheDocument();
  });

  it('closes on a primary press outside (the backdrop), not inside, not on a [data-overlay-part]', async () => {
    const onOpenChange = vi.fn();
    const part = document.createElement('div');
    part.setAttribute(OVERLAY_PART_ATTRIBUTE, '');
    part.innerHTML = '<span>Россия +7</span>';
    document.body.append(part);

    render(
      <SlidePanel open onOpenChange={onOpenChange} title="Панель">
        <p>Внутри</p>
      </SlidePanel>,
    );
    await settle();
    const u = user();
    const backdrop = screen.getByTestId('overlay-backdrop');

    await u.pointer({ keys: '[MouseLeft]', target: screen.getByText('Внутри') });
    await u.pointer({ keys: '[MouseLeft]', target: part.querySelector('span')! });
    await u.pointer({ keys: '[MouseRight]', target: backdrop });
    await u.pointer({ keys: '[MouseMiddle]', target: backdrop });
    await settle();
    expect(onOpenChange).not.toHaveBeenCalled();

    await u.pointer({ keys: '[MouseLeft]', target: backdrop });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    part.remove();
  });

  it('useOverlayPart lets presses and focus into an owned pop-up rendered elsewhere', async () => {
    const onOpenChange = vi.fn();
    const dropdown = document.createElement('div');
    dropdown.innerHTML = '<input aria-label="Поиск страны" />';
    document.body.append(dropdown);

    const { unmount } = render(
      <SlidePanel open onOpenChange={onOpenChange} title="Обратный звонок">
        <input aria-label="Телефон" />
        <OwnedDropdown node={dropdown} />
      </SlidePanel>,
    );
    await settle();
    expect(dropdown).toHaveAttribute(OVERLAY_PART_ATTRIBUTE);

    const u = user();
    const countrySearch = screen.getByRole('textbox', { name: 'Поиск страны', hidden: true });
    await u.click(countrySearch);
    expect(onOpenChange).not.toHaveBeenCalled();
    // The focus trap lets focus stay in the owned pop-up instead of pulling it back.
    expect(document.activeElement).toBe(countrySearch);

    unmount();
    expect(dropdown).not.toHaveAttribute(OVERLAY_PART_ATTRIBUTE);
    dropdown.remove();
  });

  it('moves focus in, and returns it to the opener on close', async () => {
    const u = user();
    render(<StackedOverlays />);
    const opener = screen.getByRole('button', { name: 'Открыть панель' });
    await u.click(opener);
    const panel = screen.getByRole('dialog', { name: 'Контакты' });
    expect(panel.contains(document.activeElement)).toBe(true);

    const inner = screen.getByRole('button', { name: 'Заказать звонок' });
    await u.click(inner);
    expect(screen.getByRole('dialog', { name: 'Обратный звонок' }).contains(document.activeElement)).toBe(true);
    await u.keyboard('{Escape}');
    expect(document.activeElement).toBe(inner);

    await u.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to the opener it was given although the click did not focus it (Safari, iOS)', async () => {
    function Page() {
      const [open, setOpen] = useState(false);
      const [opener, setOpener] = useState<HTMLElement | null>(null);
      return (
        <>
          <button
            type="button"
            // Safari keeps focus where it was when a button is clicked: emulate it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={(event) => {
              setOpener(event.currentTarget);
              setOpen(true);
            }}
          >
            Быстрый просмотр
          </button>
          <Popup open={open} onOpenChange={setOpen} title="Товар" returnFocusTo={opener}>
            …
          </Popup>
        </>
      );
    }
    const u = user();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Быстрый просмотр' });
    await u.click(opener);
    expect(document.activeElement).not.toBe(opener);
    expect(screen.getByRole('dialog', { name: 'Товар' }).contains(document.activeElement)).toBe(true);
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(opener);
  });

  it('accepts a ref to the opener too', async () => {
    function Page() {
      const [open, setOpen] = useState(false);
      const ref = useRef<HTMLButtonElement>(null);
      return (
        <>
          <button ref={ref} type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => setOpen(true)}>
            Меню
          </button>
          <SlidePanel open={open} onOpenChange={setOpen} title="Меню" side="left" returnFocusTo={ref}>
            …
          </SlidePanel>
        </>
      );
    }
    const u = user();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Меню' });
    await u.click(opener);
    expect(document.activeElement).not.toBe(opener);
    await u.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(document.activeElement).toBe(opener);
  });

  it('traps Tab inside the topmost overlay', async () => {
    const u = user();
    render(<StackedOverlays />);
    await u.click(screen.getByRole('button', { name: 'Открыть панель' }));
    const panel = screen.getByRole('dialog', { name: 'Контакты' });
    for (let i = 0; i < 5; i += 1) {
      await u.tab();
      expect(panel.contains(document.activeElement)).toBe(true);
    }
  });

  it('a mobile-only overlay closes when the window widens to the desktop layout', () => {
    setViewportWidth(375);
    const onOpenChange = vi.fn();
    render(
      <SlidePanel open onOpenChange={onOpenChange} title="Поиск" breakpointSide="mobile">
        …
      </SlidePanel>,
    );
    expect(onOpenChange).not.toHaveBeenCalled();
    act(() => setViewportWidth(DESKTOP_BREAKPOINT_PX - 1));
    expect(onOpenChange).not.toHaveBeenCalled();
    act(() => setViewportWidth(DESKTOP_BREAKPOINT_PX));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('a desktop-only overlay closes when the window narrows below DESKTOP_BREAKPOINT_PX', () => {
    const onOpenChange = vi.fn();
    render(
      <Popup open onOpenChange={onOpenChange} title="Поиск" breakpointSide="desktop">
        …
      </Popup>,
    );
    expect(onOpenChange).not.toHaveBeenCalled();
    act(() => setViewportWidth(DESKTOP_BREAKPOINT_PX - 1));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('a pop-up may keep its title for screen readers only and name its close button', () => {
    render(
      <Popup open onOpenChange={() => {}} title="Товар" titleVisuallyHidden closeLabel="Закрыть товар">
        …
      </Popup>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Товар' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Товар' })).toHaveStyle({ position: 'absolute' });
    expect(screen.getByRole('button', { name: 'Закрыть товар' })).toBeInTheDocument();
  });
});
