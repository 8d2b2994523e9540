// Every table, for the database client (relational queries), drizzle-kit and the export and
// import commands. Modules import their own tables from schema/<module>.ts instead (lint).
export * from './schema/users.ts';
export * from './schema/auth.ts';
export * from './schema/taxonomy.ts';
export * from './schema/products.ts';
export * from './schema/reviews.ts';
export * from './schema/promotions.ts';
export * from './schema/orders.ts';
export * from './schema/payments.ts';
export * from './schema/mail.ts';
export * from './schema/cart.ts';
export * from './schema/addresses.ts';
export * from './schema/wishlist.ts';
export * from './schema/shipping.ts';
