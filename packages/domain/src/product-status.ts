/**
 * A product's status: `draft` (what "Create Product" opens: no shopper sees it anywhere, nor its
 * category or brand) or `active` (in the shop). Products made before drafts existed are active.
 */
export const PRODUCT_STATUSES = ['draft', 'active'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Draft',
  active: 'Active',
};
