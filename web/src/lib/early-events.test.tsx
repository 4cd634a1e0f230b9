import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import contractSource from '@/boot/event-contract.js?raw';
import { EARLY_PRESS_ATTRIBUTE, replayEarlyEvents } from './early-events';

/** A page with one of each control the contract treats differently. */
function Page({ log, swap = false }: { log: (entry: string) => void; swap?: boolean }) {
  const [text, setText] = useState('');
  const [ticked, setTicked] = useState(false);
  const [sort, setSort] = useState('shop');
  return (
    <>
      <button type="button" aria-label="Контакты" onClick={() => log('contacts')}>
        К
      </button>
      {swap ? (
        <button type="button" aria-label="Поиск" onClick={() => log('search button')} />
      ) : (
        <span role="button" tabIndex={0} aria-label="Поиск" />
      )}
      <button type="button" aria-label="Меню" onPointerDown={() => log('menu pointerdown')} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          log(`submit ${text}`);
        }}
      >
        <input aria-label="Имя" value={text} onChange={(event) => setText(event.currentTarget.value)} />
        <button>Отправить</button>
      </form>
      <form action="/search/" data-testid="native">
        <button>Найти</button>
      </form>
      <form method="post" action="/basket/add" data-hold-press="">
        <button
          aria-label="В корзину"
          onClick={(event) => {
            event.preventDefault();
            log('add');
          }}
        >
          В корзину
        </button>
      </form>
      <input type="checkbox" aria-label="В наличии" checked={ticked} onChange={(event) => setTicked(event.currentTarget.checked)} />
      <select aria-label="Сортировка" value={sort} onChange={(event) => setSort(event.currentTarget.value)}>
        <option value="shop">Как в магазине</option>
        <option value="price">Цена</option>
      </select>
      <a href="#elsewhere">Ссылка</a>
      <output data-testid="state">{`${text}|${ticked}|${sort}`}</output>
    </>
  );
}

let root: Root | undefined;
let container: HTMLElement | undefined;

/** The server's HTML of `Page` in `#root`, and the contract running, as on a page before its scripts. */
function serverPage() {
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(<Page log={() => {}} />);
  document.body.append(container);
  new Function(contractSource)();
  return container;
}

/** Hydrates the page; `swap`: then renders it again with the app's own control in place of the server's stand-in. */
function hydrate(log: (entry: string) => void, swap = false) {
  act(() => {
    root = hydrateRoot(container!, <Page log={log} />);
  });
  if (swap) act(() => root!.render(<Page log={log} swap />));
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  window.vitrinaEarlyEvents?.take();
  delete window.vitrinaEarlyEvents;
});

const byLabel = (label: string) => container!.querySelector<HTMLElement>(`[aria-label="${label}"]`)!;

describe('the event contract and its replay (issue 33)', () => {
  it('holds a press before hydration, marks the control busy, and presses it once after', async () => {
    serverPage();
    byLabel('Контакты').click();
    expect(byLabel('Контакты')).toHaveAttribute(EARLY_PRESS_ATTRIBUTE);
    expect(byLabel('Контакты')).toHaveAttribute('aria-busy', 'true');
    const log = vi.fn();
    hydrate(log);
    expect(log).not.toHaveBeenCalled();
    await act(() => replayEarlyEvents());
    expect(log.mock.calls).toEqual([['contacts']]);
    expect(byLabel('Контакты')).not.toHaveAttribute(EARLY_PRESS_ATTRIBUTE);
    expect(byLabel('Контакты')).not.toHaveAttribute('aria-busy');
    // From here the app's own listeners act: the contract holds nothing more.
    act(() => byLabel('Контакты').click());
    expect(log.mock.calls).toEqual([['contacts'], ['contacts']]);
  });

  it('gives a widget that acts on the pointer going down its pointer events', async () => {
    serverPage();
    byLabel('Меню').click();
    const log = vi.fn();
    hydrate(log);
    await act(() => replayEarlyEvents());
    expect(log.mock.calls).toEqual([['menu pointerdown']]);
  });

  it('finds a control the app replaced by its name for people', async () => {
    serverPage();
    byLabel('Поиск').click();
    const log = vi.fn();
    hydrate(log, true);
    await act(() => replayEarlyEvents());
    expect(log.mock.calls).toEqual([['search button']]);
  });

  it('drops a press whose control is gone rather than press another', async () => {
    serverPage();
    // Two cards' buttons of one name; the first becomes something else after hydration (the offer was in the basket).
    const first = document.createElement('article');
    first.setAttribute('data-offer-id', '1');
    first.innerHTML = '<button type="button" data-testid="add-to-basket">В корзину</button>';
    const second = document.createElement('article');
    second.setAttribute('data-offer-id', '2');
    second.innerHTML = '<button type="button" data-testid="add-to-basket">В корзину</button>';
    container!.append(first, second);
    first.querySelector('button')!.click();
    first.querySelector('button')!.replaceWith(Object.assign(document.createElement('a'), { textContent: 'В корзине' }));
    const pressed = vi.fn();
    second.querySelector('button')!.addEventListener('click', pressed);
    await replayEarlyEvents();
    expect(pressed).not.toHaveBeenCalled();
    // The same press, its control kept, is played.
    second.querySelector('button')!.click();
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('keeps a checkbox as it was until the app ticks it', async () => {
    serverPage();
    const box = byLabel('В наличии') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(false);
    hydrate(vi.fn());
    await act(() => replayEarlyEvents());
    expect(container!.querySelector('output')).toHaveTextContent('|true|');
  });

  it('hands the app what was typed and chosen, then submits the app form with it', async () => {
    serverPage();
    const name = byLabel('Имя') as HTMLInputElement;
    name.value = 'лего';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    const select = byLabel('Сортировка') as HTMLSelectElement;
    select.value = 'price';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const submitted = vi.fn();
    const form = name.form!;
    form.addEventListener('submit', submitted);
    // Enter in the field: the browser clicks the form's button, which would reload the page without the contract.
    const send = container!.querySelector('form:not([action]) button') as HTMLButtonElement;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    send.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(submitted).not.toHaveBeenCalled();
    const log = vi.fn();
    hydrate(log);
    await act(() => replayEarlyEvents());
    expect(container!.querySelector('output')).toHaveTextContent('лего|false|price');
    expect(log.mock.calls).toEqual([['submit лего']]);
  });

  it('holds a press on a form that works without scripts when it is marked to be held, for the app', async () => {
    serverPage();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener('submit', submitted);
    try {
      byLabel('В корзину').click();
      expect(submitted).not.toHaveBeenCalled();
      expect(byLabel('В корзину')).toHaveAttribute('aria-busy', 'true');
      const log = vi.fn();
      hydrate(log);
      await act(() => replayEarlyEvents());
      expect(log.mock.calls).toEqual([['add']]);
      expect(submitted).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('submit', submitted);
    }
  });

  it('posts a held form after all when the app has not come 15 s after the press', () => {
    vi.useFakeTimers();
    try {
      serverPage();
      const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
      document.addEventListener('submit', submitted);
      byLabel('В корзину').click();
      vi.advanceTimersByTime(14_999);
      expect(submitted).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      document.removeEventListener('submit', submitted);
      expect(submitted).toHaveBeenCalledTimes(1);
      expect(submitted.mock.calls[0]![0].submitter).toBe(byLabel('В корзину'));
      expect(byLabel('В корзину')).not.toHaveAttribute('aria-busy');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves links and forms of their own to the browser', async () => {
    serverPage();
    // What the browser would do by default, seen after the contract (then stopped: jsdom navigates nowhere).
    const prevented: boolean[] = [];
    const look = (event: Event) => {
      prevented.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', look);
    try {
      container!.querySelector('a')!.click();
      container!.querySelector<HTMLButtonElement>('[data-testid="native"] button')!.click();
    } finally {
      document.removeEventListener('click', look);
    }
    expect(prevented).toEqual([false, false]);
    expect(window.vitrinaEarlyEvents!.take()).toEqual([]);
  });
});
