const PLACEHOLDER = '__SHOP_NAME__';
const DEFAULT_SHOP_NAME = 'ProShop';

/**
 * The server writes SHOP_NAME into index.html; a page served without that step (a static host,
 * a stale build) still has the placeholder or nothing, and then the default name is shown.
 */
function readShopName(): string {
  const content = document.querySelector<HTMLMetaElement>('meta[name="shop-name"]')?.content.trim();
  return content && content !== PLACEHOLDER ? content : DEFAULT_SHOP_NAME;
}

export const shopName = readShopName();
