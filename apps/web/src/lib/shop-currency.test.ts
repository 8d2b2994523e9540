import { afterEach, describe, expect, it, vi } from 'vitest';

// The module reads the page once when it loads: a stand-in document holds the server's tag.
function pageWithCurrency(content: string | undefined) {
  vi.stubGlobal('document', {
    querySelector: (selector: string) =>
      selector === 'meta[name="shop-currency"]' && content !== undefined ? { content } : null,
  });
}

async function loadShopCurrency() {
  vi.resetModules();
  return (await import('./shop-currency.ts')).shopCurrency;
}

describe('shopCurrency', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the currency the server wrote into the page', async () => {
    pageWithCurrency('EUR');
    expect(await loadShopCurrency()).toBe('EUR');
  });

  it('is US dollars when the page still has the placeholder or no tag', async () => {
    pageWithCurrency('__SHOP_CURRENCY__');
    expect(await loadShopCurrency()).toBe('USD');
    pageWithCurrency(undefined);
    expect(await loadShopCurrency()).toBe('USD');
  });
});
