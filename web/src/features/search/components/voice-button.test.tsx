import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISITED_COOKIE_MAX_AGE_S, VISITED_COOKIE_NAME } from '@/config/constants';
import type { VoiceInput } from '../hooks/use-voice-input';
import { VoiceButton } from './voice-button';

function voice(overrides: Partial<VoiceInput> = {}): VoiceInput {
  return { supported: true, recording: false, toggle: vi.fn(), ...overrides };
}

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

/**
 * Ends the element's CSS animation. jsdom has no `AnimationEvent`, so React listens to the prefixed
 * `webkitAnimationEnd` there; send both names (React handles whichever it listens to).
 */
function endAnimation(element: Element) {
  fireEvent.animationEnd(element);
  fireEvent(element, new Event('webkitAnimationEnd', { bubbles: true }));
}

afterEach(() => {
  clearCookies();
});

describe('VoiceButton', () => {
  it('renders nothing where voice input is not offered, and leaves the visited cookie alone', () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    const { container } = render(<VoiceButton voice={voice({ supported: false })} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(cookieSetter).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain(VISITED_COOKIE_NAME);
  });

  it('is a named toggle button that calls toggle and shows recording with aria-pressed', () => {
    const toggle = vi.fn();
    const { rerender } = render(<VoiceButton voice={voice({ toggle })} />);
    const button = screen.getByRole('button', { name: 'Голосовой поиск' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAttribute('title', 'Голосовой поиск');
    fireEvent.click(button);
    expect(toggle).toHaveBeenCalledTimes(1);

    rerender(<VoiceButton voice={voice({ toggle, recording: true })} />);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveAttribute('data-recording', 'true');
    expect(button).toHaveAttribute('title', 'Остановить запись');
  });

  it('pulses on the first visit and writes the visited cookie for VISITED_COOKIE_MAX_AGE_S (spec §9)', () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    render(<VoiceButton voice={voice()} />);
    const button = screen.getByTestId('search-voice');
    expect(button).toHaveAttribute('data-pulse', 'true');
    expect(cookieSetter).toHaveBeenCalledTimes(1);
    expect(cookieSetter).toHaveBeenCalledWith(
      `${VISITED_COOKIE_NAME}=Y; Path=/; Max-Age=${VISITED_COOKIE_MAX_AGE_S}; SameSite=Lax`,
    );
    expect(document.cookie).toContain(`${VISITED_COOKIE_NAME}=Y`);

    // The pulse plays once.
    endAnimation(button);
    expect(button).not.toHaveAttribute('data-pulse');
  });

  it('does not pulse again on a later visit (cookie present), nor write the cookie again', () => {
    document.cookie = `${VISITED_COOKIE_NAME}=Y; Path=/`;
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    render(<VoiceButton voice={voice()} />);
    expect(screen.getByTestId('search-voice')).not.toHaveAttribute('data-pulse');
    expect(cookieSetter).not.toHaveBeenCalled();
  });

  it('pulses only on the first of two mounts in one visit', () => {
    const first = render(<VoiceButton voice={voice()} />);
    expect(screen.getByTestId('search-voice')).toHaveAttribute('data-pulse', 'true');
    first.unmount();
    render(<VoiceButton voice={voice()} />);
    expect(screen.getByTestId('search-voice')).not.toHaveAttribute('data-pulse');
  });
});
