import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LazyWidget, failedModuleUrl, retryableLazy } from './widget-boundary';

function Hello({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe('LazyWidget', () => {
  it('shows the fallback when the chunk fails, and loads it anew on retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module: /assets/hello.js');
      return { default: Hello };
    });
    const widget = retryableLazy(load);
    render(
      <div>
        <p>The page</p>
        <LazyWidget
          name="hello"
          widget={widget}
          props={{ name: 'shopper' }}
          loading={<p>Loading</p>}
          fallback={(retry) => (
            <button type="button" onClick={retry}>
              Retry
            </button>
          )}
        />
      </div>,
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('The page')).toBeInTheDocument();

    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Hello, shopper')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});

describe('failedModuleUrl', () => {
  it('reads the chunk a failed dynamic import names, without its query', () => {
    const chromium = new TypeError('Failed to fetch dynamically imported module: http://shop.test/assets/cart-B3R.js');
    expect(failedModuleUrl(chromium)).toBe('http://shop.test/assets/cart-B3R.js');
    const firefox = new TypeError('error loading dynamically imported module: https://shop.test/assets/cart-B3R.js?retry=1');
    expect(failedModuleUrl(firefox)).toBe('https://shop.test/assets/cart-B3R.js');
    expect(failedModuleUrl(new Error('boom'))).toBeUndefined();
  });
});
