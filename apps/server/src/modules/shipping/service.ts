/**
 * The shipping module (issue #38): the merchant's shipping zones and methods, tax classes and
 * rates, and whether prices include tax. The checkout asks it for the rules that price an order
 * (pricingRules); the admin's Settings screens change them (routes.ts).
 */
export { readPricingRules as pricingRules } from './rules-repository.ts';
