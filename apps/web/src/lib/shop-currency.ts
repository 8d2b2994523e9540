const DEFAULT_CURRENCY = 'USD';

/**
 * The currency the shop charges in (PAYMENT_CURRENCY), which the server writes into index.html
 * like the shop's name: every screen shows prices before any API call, and the first load stays
 * without the pay-config call. A page served without that step (a static host, a stale build)
 * still has the placeholder, and then the shop's default currency is shown.
 */
function currencyFromPage(content: string | undefined): string {
  const code = content?.trim();
  return code && /^[A-Z]{3}$/.test(code) ? code : DEFAULT_CURRENCY;
}

export const shopCurrency = currencyFromPage(
  document.querySelector<HTMLMetaElement>('meta[name="shop-currency"]')?.content,
);
