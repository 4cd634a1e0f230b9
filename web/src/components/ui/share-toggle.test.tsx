import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n';
import { ShareToggle } from './share-toggle';

const URL_TO_SHARE = 'http://localhost/catalog/roboty/robot/';

function setNavigator(key: 'clipboard' | 'share', value: unknown) {
  Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
}

afterEach(() => {
  setNavigator('share', undefined);
});

describe('ShareToggle (spec §2 "A share button toggles a share block")', () => {
  it('toggles the share block and reports it in aria-expanded', async () => {
    const user = userEvent.setup();
    render(<ShareToggle url={URL_TO_SHARE} title="Робот" />);
    const toggle = screen.getByRole('button', { name: 'Поделиться' });

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Скопировать ссылку' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const block = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(block).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Ссылка на страницу' })).toHaveValue(URL_TO_SHARE);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(block).not.toBeVisible();
  });

  it('copies the link and confirms it in a status region', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    setNavigator('clipboard', { writeText });
    render(<ShareToggle url={URL_TO_SHARE} title="Робот" />);

    await user.click(screen.getByRole('button', { name: 'Поделиться' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Скопировать ссылку' }));

    expect(writeText).toHaveBeenCalledWith(URL_TO_SHARE);
    expect(screen.getByRole('status')).toHaveTextContent('Ссылка скопирована');
  });

  it('says so when the link cannot be copied', async () => {
    const user = userEvent.setup();
    setNavigator('clipboard', { writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    document.execCommand = vi.fn().mockReturnValue(false);
    render(<ShareToggle url={URL_TO_SHARE} title="Робот" />);

    await user.click(screen.getByRole('button', { name: 'Поделиться' }));
    await user.click(screen.getByRole('button', { name: 'Скопировать ссылку' }));

    expect(screen.getByRole('status')).toHaveTextContent('Не удалось скопировать');
  });

  it('offers the native share sheet only where the browser has one', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<ShareToggle url={URL_TO_SHARE} title="Робот" />);
    await user.click(screen.getByRole('button', { name: 'Поделиться' }));
    expect(screen.queryByRole('button', { name: 'Отправить…' })).not.toBeInTheDocument();
    unmount();

    const share = vi.fn().mockResolvedValue(undefined);
    setNavigator('share', share);
    render(<ShareToggle url={URL_TO_SHARE} title="Робот" />);
    await user.click(screen.getByRole('button', { name: 'Поделиться' }));
    await user.click(screen.getByRole('button', { name: 'Отправить…' }));

    expect(share).toHaveBeenCalledWith({ title: 'Робот', url: URL_TO_SHARE });
  });
});
