const PLACEHOLDER = '__SHOP_EMAIL__';

/**
 * The shop's contact address (SHOP_EMAIL), which the server writes into index.html like the
 * shop's name. Undefined when the shop has none (or the page was served without that step), so
 * screens can say so instead of opening an e-mail without a recipient.
 */
function readShopEmail(): string | undefined {
  const content = document
    .querySelector<HTMLMetaElement>('meta[name="shop-email"]')
    ?.content.trim();
  return content && content !== PLACEHOLDER ? content : undefined;
}

export const shopEmail = readShopEmail();

/** A mailto: address to the shop with a subject line, or undefined without a shop e-mail. */
export function mailToShop(subject: string): string | undefined {
  return shopEmail ? `mailto:${shopEmail}?subject=${encodeURIComponent(subject)}` : undefined;
}
