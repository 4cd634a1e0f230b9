import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from '@/i18n';
import { resetCsrfToken } from '@/lib/api-client';
import { makeOffer } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { mockCompareApi } from '../test/compare-api-mock';
import { useCompareCount } from '../api/get-compare-count';
import { CompareButton } from './compare-button';
import { CompareWidget } from './compare-widget';

afterEach(() => resetCsrfToken());

/** The count query's answer as the widget sees it, so a test knows when the answer has arrived. */
function CountProbe() {
  const count = useCompareCount().data?.count;
  return <output data-testid="count">{count === undefined ? 'loading' : String(count)}</output>;
}

/** The widget in a stand-in for its header slot (a test can see the slot stay empty), plus {@link CountProbe}. */
function renderWidget() {
  return renderWithApp(
    <>
      <div data-testid="slot">
        <CompareWidget />
      </div>
      <CountProbe />
    </>,
  );
}

describe('CompareWidget (spec §3, §4)', () => {
  it('is inactive at 0: renders nothing, so the header slot stays empty', async () => {
    mockCompareApi();
    renderWidget();
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('0'));
    expect(screen.getByTestId('slot')).toBeEmptyDOMElement();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('is inactive below 0 too (a count that cannot be shown)', async () => {
    mockApi({ '/api/compare/count': { count: -1 } });
    renderWidget();
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('-1'));
    expect(screen.getByTestId('slot')).toBeEmptyDOMElement();
  });

  it('is active above 0: a link to the compare page with the count and a plural name', async () => {
    mockCompareApi({ initial: [makeOffer({ id: '1' }), makeOffer({ id: '2' }), makeOffer({ id: '3' })] });
    renderWidget();
    const link = await screen.findByRole('link', { name: 'Сравнение: 3 товара' });
    expect(link).toHaveAttribute('href', '/catalog/compare/');
    expect(link).toHaveAttribute('data-active');
    expect(link).toHaveTextContent('3');
  });

  it.each([
    [1, 'Сравнение: 1 товар'],
    [2, 'Сравнение: 2 товара'],
    [5, 'Сравнение: 5 товаров'],
    [11, 'Сравнение: 11 товаров'],
    [21, 'Сравнение: 21 товар'],
  ])('declines the name with Russian plural rules: %i', async (count, name) => {
    mockApi({ '/api/compare/count': { count } });
    renderWidget();
    expect(await screen.findByRole('link', { name })).toBeInTheDocument();
  });

  it('is named in English with English plurals', async () => {
    await loadLanguage('en');
    await i18n.changeLanguage('en');
    mockApi({ '/api/compare/count': { count: 1 } });
    renderWidget();
    expect(await screen.findByRole('link', { name: 'Compare: 1 product' })).toBeInTheDocument();
  });

  it('becomes active with the count a "Сравнить" click answers, without asking for the count again', async () => {
    const offer = makeOffer({ id: '7' });
    const { calls } = mockCompareApi({ catalogue: [offer] });
    renderWithApp(
      <>
        <CompareWidget />
        <CompareButton offer={offer} place="page" />
      </>,
    );
    const button = await screen.findByRole('button', { name: 'Сравнить' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/compare/count')).toBe(true));
    expect(screen.queryByTestId('compare-widget')).not.toBeInTheDocument();

    await userEvent.click(button);
    expect(await screen.findByRole('link', { name: 'Сравнение: 1 товар' })).toHaveAttribute('data-active');
    expect(calls.filter((call) => call.path === '/api/compare/count')).toHaveLength(1);
  });
});
