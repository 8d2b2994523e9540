// Categories and brands as records: the public reads, and the admin's create, rename, merge and
// delete, with the products' copied names kept equal to their record's name throughout.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Taxonomy } from '@proshop/domain/taxonomy-schemas';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products } from '../../src/db/schema.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { findOrCreateTaxonomy } from '../../src/modules/taxonomy/find-or-create.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { onPostgresOnly } from '../helpers/skip-reason.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Headers = Record<string, string>;

/** A name no other test uses: the records live in one database for the whole file. */
const unique = (name: string) => `${name} ${randomUUID().slice(0, 6)}`;

describe('categories and brands', () => {
  let t: TestApp;
  let admin: { headers: Headers };
  let customer: { headers: Headers };
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(db(), { isAdmin: true });
    customer = await createSignedInUser(db());
  });
  afterAll(() => t.close());

  const create = (path: string, payload: object, headers: Headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: path, headers, payload });
  const update = (path: string, id: string, payload: object, headers: Headers = admin.headers) =>
    t.app.inject({ method: 'PUT', url: `${path}/${id}`, headers, payload });
  const remove = (path: string, id: string, headers: Headers = admin.headers) =>
    t.app.inject({ method: 'DELETE', url: `${path}/${id}`, headers });
  const merge = (path: string, id: string, into: string, headers: Headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `${path}/${id}/merge`, headers, payload: { into } });
  const bySlug = (path: string, slug: string) =>
    t.app.inject(`${path}/${encodeURIComponent(slug)}`);

  const editProduct = (id: string, changes: { category?: string; brand?: string }) => ({
    name: 'Edited product',
    price: 12,
    image: '/images/sample.webp',
    brand: changes.brand ?? 'Testbrand',
    category: changes.category ?? 'Testing',
    countInStock: 3,
    description: 'Edited by a test.',
    ...changes,
    id,
  });

  const putProduct = (id: string, changes: { category?: string; brand?: string }) => {
    const { id: _id, ...payload } = editProduct(id, changes);
    return t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.headers,
      payload,
    });
  };

  /** What a product's page says of its category and brand. */
  const productTaxonomy = async (id: string) => {
    const res = await t.app.inject(`/api/products/${id}`);
    const { category, categorySlug, brand, brandSlug } = res.json<Record<string, unknown>>();
    return { category, categorySlug, brand, brandSlug };
  };

  /** Resolves once a session of the test database waits for a row lock (PostgreSQL only). */
  const untilASessionWaitsForALock = async () => {
    for (let tries = 0; tries < 500; tries++) {
      const waiting = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((waiting[0]?.n ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('No session waited for a lock');
  };

  /** Products whose copied name differs from their record's, or that name none but point at one. */
  const productsOutOfStep = () =>
    queryRows<{ id: string }>(
      db(),
      sql`select p.id from products p
          left join categories c on c.id = p.category_id
          left join brands b on b.id = p.brand_id
          where p.category <> coalesce(c.name, '') or p.brand <> coalesce(b.name, '')
             or (p.category_id is not null and c.id is null)
             or (p.brand_id is not null and b.id is null)`,
    );

  describe('public reads', () => {
    it('lists every category by name with its product count, and finds one by its Unicode slug', async () => {
      await createProduct(db(), { category: 'Café Crème' });
      await createProduct(db(), { category: 'café crème' });
      await createProduct(db(), { category: 'Ålesund Gear' });
      const list = await t.app.inject('/api/categories');
      expect(list.statusCode).toBe(200);
      const all = list.json<Taxonomy[]>();
      expect(all).toContainEqual({
        _id: expect.any(String),
        name: 'Café Crème',
        slug: 'café-crème',
        description: '',
        image: null,
        productCount: 2,
      });
      const names = all.map((entry) => entry.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

      const one = await bySlug('/api/categories', 'café-crème');
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ name: 'Café Crème', productCount: 2 });
      // The same slug with its accents as separate marks (as some systems send it) finds it too.
      const decomposed = await bySlug('/api/categories', 'café-crème'.normalize('NFD'));
      expect(decomposed.json()).toMatchObject({ slug: 'café-crème' });

      const missing = await bySlug('/api/categories', 'no-such-category');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Category not found' });
    });

    it('lists brands the same way; an unknown brand is 404', async () => {
      const name = unique('Zebra Audio');
      await createProduct(db(), { brand: name });
      const all = (await t.app.inject('/api/brands')).json<Taxonomy[]>();
      expect(all.find((entry) => entry.name === name)).toMatchObject({ productCount: 1 });
      const slug = all.find((entry) => entry.name === name)!.slug;
      expect((await bySlug('/api/brands', slug)).json()).toMatchObject({ name });
      const missing = await bySlug('/api/brands', 'no-such-brand');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Brand not found' });
    });
  });

  describe('create', () => {
    it('makes the slug from the name, and the next free one when another name made it', async () => {
      const name = unique('Garden Tools');
      const res = await create('/api/categories', { name, description: 'For the garden.' });
      expect(res.statusCode).toBe(201);
      const made = res.json<Taxonomy>();
      expect(made).toMatchObject({ name, description: 'For the garden.', productCount: 0 });
      expect(made.slug).toBe(name.toLowerCase().replaceAll(' ', '-'));
      const listed = (await t.app.inject('/api/categories')).json<Taxonomy[]>();
      expect(listed.map((entry) => entry.name)).toContain(name);

      const sameSlug = await create('/api/categories', { name: `${name}!` });
      expect(sameSlug.statusCode).toBe(201);
      expect(sameSlug.json()).toMatchObject({ slug: `${made.slug}-2` });
    });

    it('keeps a Unicode name and slug, and takes a slug the admin chose', async () => {
      const res = await create('/api/brands', { name: 'Crème Brûlée Co', slug: 'brûlée' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Crème Brûlée Co', slug: 'brûlée' });
      expect((await bySlug('/api/brands', 'brûlée')).statusCode).toBe(200);
    });

    it('refuses a name that exists in any case, or a slug in use, with 409', async () => {
      const name = unique('Lamps');
      const first = (await create('/api/categories', { name })).json<Taxonomy>();
      const sameName = await create('/api/categories', { name: name.toUpperCase() });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json()).toEqual({ message: `A category named "${name}" already exists` });
      const sameSlug = await create('/api/categories', {
        name: unique('Lights'),
        slug: first.slug,
      });
      expect(sameSlug.statusCode).toBe(409);
      expect(sameSlug.json()).toEqual({
        message: `The slug "${first.slug}" is already used by the category "${name}"`,
      });
    });

    it('five admins creating the same category at once make one record: 201 once, 409 for the rest', async () => {
      const name = unique('Rush');
      const answers = await releaseTogether(
        t.app,
        Array.from({ length: 5 }, () => ({
          method: 'POST' as const,
          url: '/api/categories',
          headers: admin.headers,
          payload: { name },
        })),
      );
      expect(countStatuses(answers)).toEqual({ 201: 1, 409: 4 });
      const rows = await db().select().from(categories).where(eq(categories.name, name));
      expect(rows).toHaveLength(1);
    });
  });

  describe('rename', () => {
    it("changes the products' names at once: their pages, the cached list and the search follow", async () => {
      const oldName = unique('Kettles');
      const product = await createProduct(db(), { category: oldName });
      const [record] = await db().select().from(categories).where(eq(categories.name, oldName));
      // Read once, so that a stale cached answer would show.
      await t.app.inject(`/api/products/${product.id}`);
      await t.app.inject('/api/products?keyword=boilers');

      const newName = unique('Water Boilers');
      const res = await update('/api/categories', record!.id, { name: newName });
      expect(res.statusCode).toBe(200);
      // Without a slug the record keeps its own: addresses people shared still work.
      expect(res.json()).toMatchObject({ name: newName, slug: record!.slug, productCount: 1 });

      expect(await productTaxonomy(product.id)).toMatchObject({
        category: newName,
        categorySlug: record!.slug,
      });
      const found = await t.app.inject('/api/products?keyword=boilers');
      expect(found.json<{ products: { _id: string }[] }>().products.map((p) => p._id)).toContain(
        product.id,
      );
      expect(await productsOutOfStep()).toEqual([]);
    });

    it('changes the slug, description and picture; the old slug is then unknown', async () => {
      const record = (await create('/api/brands', { name: unique('Old Brand') })).json<Taxonomy>();
      const res = await update('/api/brands', record._id, {
        name: record.name,
        slug: 'new-brand-slug',
        description: 'Since 1900.',
        image: '/uploads/brand.webp',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        slug: 'new-brand-slug',
        description: 'Since 1900.',
        image: '/uploads/brand.webp',
      });
      expect((await bySlug('/api/brands', record.slug)).statusCode).toBe(404);
      expect((await bySlug('/api/brands', 'new-brand-slug')).statusCode).toBe(200);
    });

    it("may change a name's case, but not take another record's name or slug", async () => {
      const name = unique('shoes');
      const record = (await create('/api/categories', { name })).json<Taxonomy>();
      const other = (await create('/api/categories', { name: unique('Boots') })).json<Taxonomy>();
      const recased = await update('/api/categories', record._id, { name: name.toUpperCase() });
      expect(recased.statusCode).toBe(200);
      const taken = await update('/api/categories', record._id, { name: other.name });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: `A category named "${other.name}" already exists` });
      const slugTaken = await update('/api/categories', record._id, {
        name: record.name,
        slug: other.slug,
      });
      expect(slugTaken.statusCode).toBe(409);
      expect((await bySlug('/api/categories', record.slug)).json()).toMatchObject({
        name: name.toUpperCase(),
      });
    });

    it('answers 404 for an unknown or malformed id', async () => {
      const unknown = await update('/api/categories', randomUUID(), { name: 'Nothing' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Category not found' });
      const malformed = await update('/api/brands', 'not-an-id', { name: 'Nothing' });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual({ message: 'Brand not found' });
    });

    it("edits of a record's products racing its rename leave every product with its record's name", async () => {
      const oldName = unique('Racing');
      const made = await Promise.all(
        [1, 2, 3].map(() => createProduct(db(), { category: oldName })),
      );
      const outsider = await createProduct(db(), { category: unique('Elsewhere') });
      const [record] = await db().select().from(categories).where(eq(categories.name, oldName));
      const newName = unique('Renamed');
      const edits = [...made, outsider].map((product) => {
        const { id: _id, ...payload } = editProduct(product.id, { category: oldName });
        return {
          method: 'PUT' as const,
          url: `/api/products/${product.id}`,
          headers: admin.headers,
          payload,
        };
      });
      const answers = await releaseTogether(t.app, [
        {
          method: 'PUT',
          url: `/api/categories/${record!.id}`,
          headers: admin.headers,
          payload: { name: newName },
        },
        ...edits,
      ]);
      expect(countStatuses(answers)).toEqual({ 200: 5 });
      expect(await productsOutOfStep()).toEqual([]);
    });
  });

  describe('merge', () => {
    it('moves every product to the other record, copies its name and deletes the merged one', async () => {
      const from = unique('Mobiles');
      const into = unique('Phones');
      const moved = [
        await createProduct(db(), { category: from }),
        await createProduct(db(), { category: from }),
      ];
      await createProduct(db(), { category: into });
      const listed = (await t.app.inject('/api/categories')).json<Taxonomy[]>();
      const source = listed.find((entry) => entry.name === from)!;
      const target = listed.find((entry) => entry.name === into)!;

      const res = await merge('/api/categories', source._id, target._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: target._id, name: into, productCount: 3 });
      expect((await bySlug('/api/categories', source.slug)).statusCode).toBe(404);
      for (const product of moved) {
        expect(await productTaxonomy(product.id)).toMatchObject({
          category: into,
          categorySlug: target.slug,
        });
      }
      expect(await productsOutOfStep()).toEqual([]);
    });

    it('merges brands the same way', async () => {
      const product = await createProduct(db(), { brand: unique('Acme Old') });
      const target = (await create('/api/brands', { name: unique('Acme') })).json<Taxonomy>();
      const res = await merge('/api/brands', product.brandId!, target._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ productCount: 1 });
      expect(await productTaxonomy(product.id)).toMatchObject({
        brand: target.name,
        brandSlug: target.slug,
      });
      expect(await db().select().from(brands).where(eq(brands.id, product.brandId!))).toEqual([]);
    });

    it('refuses merging into itself (400) or into an unknown record (404), changing nothing', async () => {
      const product = await createProduct(db(), { category: unique('Stays') });
      const id = product.categoryId!;
      const itself = await merge('/api/categories', id, id.toUpperCase());
      expect(itself.statusCode).toBe(400);
      expect(itself.json()).toEqual({ message: 'A category cannot be merged into itself' });
      for (const into of [randomUUID(), 'not-an-id']) {
        const unknown = await merge('/api/categories', id, into);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ message: 'The category to merge into was not found' });
      }
      const unknownSource = await merge('/api/categories', randomUUID(), id);
      expect(unknownSource.statusCode).toBe(404);
      expect(unknownSource.json()).toEqual({ message: 'Category not found' });
      const missingInto = await t.app.inject({
        method: 'POST',
        url: `/api/categories/${id}/merge`,
        headers: admin.headers,
        payload: {},
      });
      expect(missingInto.statusCode).toBe(400);
      const [row] = await db().select().from(products).where(eq(products.id, product.id));
      expect(row?.categoryId).toBe(id);
    });
  });

  describe('delete', () => {
    it('is refused with the count while products use the record, and done once it is empty', async () => {
      const name = unique('Cameras');
      const [first, second] = [
        await createProduct(db(), { category: name }),
        await createProduct(db(), { category: name }),
      ];
      const id = first.categoryId!;
      const refused = await remove('/api/categories', id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: '2 products are in this category: move them to another or merge it',
        count: 2,
      });

      expect((await putProduct(first.id, { category: unique('Lenses') })).statusCode).toBe(200);
      const stillOne = await remove('/api/categories', id);
      expect(stillOne.json()).toEqual({
        message: '1 product is in this category: move it to another or merge it',
        count: 1,
      });
      expect((await putProduct(second.id, { category: '' })).statusCode).toBe(200);
      expect(await productTaxonomy(second.id)).toMatchObject({ category: '', categorySlug: null });

      const done = await remove('/api/categories', id);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: 'Category removed' });
      expect(await db().select().from(categories).where(eq(categories.id, id))).toEqual([]);
      expect((await remove('/api/categories', id)).statusCode).toBe(404);
    });

    it("says so in a brand's words", async () => {
      const product = await createProduct(db(), { brand: unique('Nikko') });
      const refused = await remove('/api/brands', product.brandId!);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: '1 product is of this brand: move it to another or merge it',
        count: 1,
      });
      expect((await remove('/api/brands', 'not-an-id')).json()).toEqual({
        message: 'Brand not found',
      });
    });

    it('racing edits that move products into the record never leaves a product pointing at a deleted record', async () => {
      for (let round = 0; round < 3; round++) {
        const name = unique('Contested');
        const record = (await create('/api/categories', { name })).json<Taxonomy>();
        const moving = await Promise.all(
          [1, 2, 3, 4].map(() => createProduct(db(), { category: unique('Before') })),
        );
        const edits = moving.map((product) => {
          const { id: _id, ...payload } = editProduct(product.id, { category: name });
          const url = `/api/products/${product.id}`;
          return { method: 'PUT' as const, url, headers: admin.headers, payload };
        });
        const answers = await releaseTogether(t.app, [
          ...edits.slice(0, 2),
          { method: 'DELETE', url: `/api/categories/${record._id}`, headers: admin.headers },
          ...edits.slice(2),
        ]);
        const deleted = answers[2]!;
        // Every edit lands: in the record, or in a new record of that name made after the
        // delete; the delete is refused, with the count, when an edit came first.
        expect(answers.filter((res) => res !== deleted).map((res) => res.statusCode)).toEqual([
          200, 200, 200, 200,
        ]);
        const rows = await db()
          .select({ id: categories.id, name: categories.name })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(
            sql`${products.id} in (${sql.join(
              moving.map((product) => sql`${product.id}`),
              sql`, `,
            )})`,
          );
        expect(rows.map((row) => row.name)).toEqual([name, name, name, name]);
        if (deleted.statusCode === 409) {
          // Those that came before the delete; those after it joined the kept record.
          const { count } = deleted.json<{ count: number }>();
          expect(count).toBeGreaterThan(0);
          expect(rows.filter((row) => row.id === record._id).length).toBeGreaterThanOrEqual(count);
        } else {
          expect(deleted.statusCode).toBe(200);
          expect(rows.filter((row) => row.id === record._id)).toEqual([]);
        }
      }
      expect(await productsOutOfStep()).toEqual([]);
    });

    it.runIf(testDatabaseKind === 'postgres')(
      'waits for an edit that has chosen the record, then refuses to delete it',
      onPostgresOnly,
      async () => {
        const name = unique('Chosen');
        const record = (await create('/api/categories', { name })).json<Taxonomy>();
        const product = await createProduct(db(), { category: unique('Before') });
        let finishEdit!: () => void;
        const editFinished = new Promise<void>((resolve) => (finishEdit = resolve));
        let chosen!: () => void;
        const recordChosen = new Promise<void>((resolve) => (chosen = resolve));
        // An edit as the product service makes it, paused between naming the record and saving.
        const editing = db().transaction(async (tx) => {
          const ref = await findOrCreateTaxonomy(tx, 'category', name);
          chosen();
          await editFinished;
          await tx
            .update(products)
            .set({ categoryId: ref!.id, category: ref!.name })
            .where(eq(products.id, product.id));
        });
        await recordChosen;
        const deleting = remove('/api/categories', record._id);
        try {
          await untilASessionWaitsForALock();
        } finally {
          finishEdit();
        }
        await editing;
        const deleted = await deleting;
        expect(deleted.statusCode).toBe(409);
        expect(deleted.json()).toMatchObject({ count: 1 });
        const [row] = await db().select().from(products).where(eq(products.id, product.id));
        expect(row?.categoryId).toBe(record._id);
      },
    );
  });

  describe('pictures', () => {
    const upload = async () => {
      const png = await sharp({
        create: { width: 4, height: 4, channels: 3, background: '#3a7' },
      })
        .png()
        .toBuffer();
      const boundary = `----proshop${randomUUID()}`;
      const head =
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: {
          ...admin.headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ image: string }>().image;
    };
    const stored = (address: string) =>
      existsSync(join(t.config.uploadsDir, address.split('/').pop()!));

    it('removes the file of a picture replaced or deleted with its record, unless a product shows it', async () => {
      const [first, second, shared] = [await upload(), await upload(), await upload()];
      const record = (
        await create('/api/brands', { name: unique('Pictured'), image: first })
      ).json<Taxonomy>();
      await update('/api/brands', record._id, { name: record.name, image: second });
      expect(stored(first)).toBe(false);
      expect(stored(second)).toBe(true);

      await createProduct(db(), { image: shared, brand: unique('Other') });
      await update('/api/brands', record._id, { name: record.name, image: shared });
      expect(stored(second)).toBe(false);
      expect((await remove('/api/brands', record._id)).statusCode).toBe(200);
      expect(stored(shared)).toBe(true);

      const own = await upload();
      const alone = (
        await create('/api/brands', { name: unique('Alone'), image: own })
      ).json<Taxonomy>();
      expect((await remove('/api/brands', alone._id)).statusCode).toBe(200);
      expect(stored(own)).toBe(false);
    });
  });

  describe('who may change them, and what', () => {
    it('refuses customers (403) and signed-out callers (401), changing nothing', async () => {
      const product = await createProduct(db(), { category: unique('Guarded') });
      const id = product.categoryId!;
      const other = (await create('/api/categories', { name: unique('Other') })).json<Taxonomy>();
      const attempts = (headers: Headers) => [
        create('/api/categories', { name: unique('Intruder') }, headers),
        update('/api/categories', id, { name: 'Hijacked' }, headers),
        remove('/api/categories', other._id, headers),
        merge('/api/categories', id, other._id, headers),
        create('/api/brands', { name: unique('Intruder') }, headers),
      ];
      for (const res of await Promise.all(attempts(customer.headers))) {
        expect(res.statusCode).toBe(403);
      }
      for (const res of await Promise.all(attempts({}))) expect(res.statusCode).toBe(401);
      const [row] = await db().select().from(categories).where(eq(categories.id, id));
      expect(row?.name).toBe(product.category);
      expect(await db().select().from(categories).where(eq(categories.id, other._id))).toHaveLength(
        1,
      );
      expect(
        await queryRows(db(), sql`select 1 from categories where name like 'Intruder%'`),
      ).toEqual([]);
    });

    it('answers a bad request with 400 and changes nothing', async () => {
      const record = (await create('/api/categories', { name: unique('Intact') })).json<Taxonomy>();
      const before = await db().$count(categories);
      const bad = [
        {},
        { name: '' },
        { name: '   ' },
        { name: 'Two\nlines' },
        { name: 'x'.repeat(101) },
        { name: 'Fine', slug: 'Not A Slug' },
        { name: 'Fine', slug: 'double--hyphen' },
        { name: 'Fine', image: 'javascript:alert(1)' },
        { name: 'Fine', description: 42 },
      ];
      for (const payload of bad) {
        const made = await create('/api/categories', payload);
        expect(made.statusCode, JSON.stringify(payload)).toBe(400);
        expect(made.json<{ message: string }>().message).toMatch(/^[A-Z][^\n]{5,}$/);
        const changed = await update('/api/categories', record._id, payload);
        expect(changed.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(await db().$count(categories)).toBe(before);
      expect((await bySlug('/api/categories', record.slug)).json()).toEqual(record);
    });
  });
});
