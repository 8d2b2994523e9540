import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { IMAGE_WIDTHS, sizedImage } from '@proshop/domain/product-image';
import { bearer, openSignedIn, tinyPng, uniqueWord } from './catalogue-api.ts';
import { expect, test } from './shop-fixtures.ts';

interface ListedProduct {
  _id: string;
  name: string;
  image: string;
  price: number;
  countInStock: number;
  description: string;
  numReviews: number;
}

/** A category with more demo products than one page holds (PAGE_SIZE is 8). */
const BROAD_KEYWORD = 'Electronics';

function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

function cardNames(page: Page) {
  return page.getByRole('main').locator('.card').getByRole('heading').allTextContents();
}

test.describe('catalogue', () => {
  test('home shows the top-rated carousel, which advances every 5 s and pauses on hover', async ({
    page,
    request,
  }) => {
    const top = (await (await request.get('/api/products/top')).json()) as ListedProduct[];
    expect(top).toHaveLength(3);

    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Top rated products' });
    await expect(carousel).toBeVisible();
    for (const product of top) {
      const slide = carousel.locator(`a[href="/product/${product._id}"]`);
      await expect(slide).toContainText(`${product.name} (${dollars(product.price)})`);
      // Slides not on screen are hidden, so their image is found by its attributes.
      await expect(slide.locator('img')).toHaveAttribute('alt', product.name);
      await expect(slide.locator('img')).toHaveAttribute('src', product.image);
    }
    const active = carousel.locator('.carousel-item.active');
    await expect(active).toContainText(top[0]!.name);

    await page.clock.runFor(4_500);
    await expect(active).toContainText(top[0]!.name);
    await page.clock.runFor(1_000);
    await expect(active).toContainText(top[1]!.name);

    await carousel.hover();
    await page.clock.runFor(12_000);
    await expect(active).toContainText(top[1]!.name);

    // A slide leads to its product.
    await active.getByRole('link').click();
    await expect(page).toHaveURL(`/product/${top[1]!._id}`);
    await expect(page.getByRole('heading', { level: 1, name: top[1]!.name })).toBeVisible();
  });

  test('a search pages through its own results and keeps the keyword', async ({
    page,
    request,
  }) => {
    const api = async (pageNumber: number) =>
      (await (
        await request.get('/api/products', { params: { keyword: BROAD_KEYWORD, pageNumber } })
      ).json()) as { products: ListedProduct[]; pages: number };
    const [first, second] = [await api(1), await api(2)];
    // The journey needs a keyword with a second page.
    expect(first.pages).toBeGreaterThanOrEqual(2);

    await page.goto('/');
    const search = page.getByRole('banner').getByRole('search');
    await search.getByRole('searchbox').fill(BROAD_KEYWORD);
    await search.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(page).toHaveURL(`/search/${BROAD_KEYWORD}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('region', { name: 'Top rated products' })).toHaveCount(0);
    await expect(main.locator('.card')).toHaveCount(8);
    const pageOneNames = await cardNames(page);
    expect(pageOneNames).toEqual(first.products.map((product) => product.name));

    const pages = main.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('link', { name: '1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const pageTwo = pages.getByRole('link', { name: '2', exact: true });
    await expect(pageTwo).toHaveAttribute('href', `/search/${BROAD_KEYWORD}/page/2`);
    await pageTwo.click();

    await expect(page).toHaveURL(`/search/${BROAD_KEYWORD}/page/2`);
    await expect(pageTwo).toHaveAttribute('aria-current', 'page');
    await expect(main.locator('.card')).toHaveCount(second.products.length);
    const pageTwoNames = await cardNames(page);
    expect(pageTwoNames).toEqual(second.products.map((product) => product.name));
    expect(pageTwoNames.filter((name) => pageOneNames.includes(name))).toEqual([]);
    await expect(page.getByRole('searchbox')).toHaveValue(BROAD_KEYWORD);

    await main.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('region', { name: 'Top rated products' })).toBeVisible();
  });

  test('a search that matches nothing says so', async ({ page }) => {
    const keyword = uniqueWord('nothing');
    await page.goto(`/search/${keyword}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(
      `No products match “${keyword}”. Try another word.`,
    );
    await expect(main.locator('.card')).toHaveCount(0);
    await expect(main.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  });

  test('product page: details, add to cart with its modal and toasts', async ({
    page,
    request,
  }) => {
    // A demo product: other tests' products come and go while this one runs.
    const { products } = (await (
      await request.get('/api/products', { params: { keyword: BROAD_KEYWORD } })
    ).json()) as { products: ListedProduct[] };
    const product = products.find((candidate) => candidate.countInStock >= 2)!;
    expect(product).toBeDefined();

    await page.goto(`/search/${BROAD_KEYWORD}`);
    await page.getByRole('main').getByRole('link', { name: product.name }).first().click();
    await expect(page).toHaveURL(`/product/${product._id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(main.getByRole('img', { name: product.name })).toBeVisible();
    await expect(main.getByText(`${product.numReviews} reviews`)).toBeVisible();
    await expect(main.getByText(`Price: ${dollars(product.price)}`)).toBeVisible();
    await expect(main.getByText(`Description: ${product.description}`)).toBeVisible();
    await expect(main.getByText('In Stock', { exact: true })).toBeVisible();
    const qty = main.getByLabel('Qty');
    await expect(qty.locator('option')).toHaveText(
      Array.from({ length: Math.min(product.countInStock, 100) }, (_, index) => String(index + 1)),
    );

    await qty.selectOption('2');
    await main.getByRole('button', { name: 'Add To Cart' }).click();
    const modal = page.getByRole('dialog', { name: 'Added to Cart' });
    await expect(modal).toContainText(product.name);
    await expect(modal).toContainText('Qty: 2');
    await expect(modal).toContainText(`Price: ${dollars(product.price * 2)}`);
    await expect(modal.getByRole('button', { name: 'Checkout 2 item(s)' })).toBeVisible();
    const added = page.getByRole('alert').filter({ hasText: 'Item has been added to Cart' });
    await expect(added).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /Cart/ })).toContainText('1');
    // The toast goes by itself after 3 seconds.
    await expect(added).toBeHidden({ timeout: 5_000 });

    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await qty.selectOption('1');
    await main.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByText('Item already in Cart')).toBeVisible();
    // The line is replaced, not added twice.
    await expect(modal.getByRole('button', { name: 'Checkout 1 item(s)' })).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('cartItems'));
    expect(JSON.parse(stored ?? '[]')).toEqual([
      expect.objectContaining({ product: product._id, qty: 1, price: product.price }),
    ]);

    // Signed out, checkout first signs the shopper in and then goes on to shipping.
    await modal.getByRole('button', { name: 'Checkout 1 item(s)' }).click();
    await expect(page).toHaveURL('/login?redirect=shipping');

    await page.goto(`/product/${product._id}`);
    await main.getByRole('button', { name: 'Add To Cart' }).click();
    await modal.getByRole('button', { name: 'Go to Cart' }).click();
    await expect(page).toHaveURL('/cart');
  });

  test('a product out of stock cannot be added', async ({ page, addProduct }) => {
    const product = await addProduct('Sold Out Lamp', { countInStock: 0, price: 12.5 });
    await page.goto(`/product/${product._id}`);
    const main = page.getByRole('main');
    await expect(main.getByText('Out Of Stock', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Add To Cart' })).toBeDisabled();
    await expect(main.getByLabel('Qty')).toHaveCount(0);
  });

  test('a picture without sized copies (uploaded before they were made) is shown whole, not broken', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const upload = await request.post('/api/upload', {
      headers: bearer(admin),
      multipart: { image: { name: 'old.png', mimeType: 'image/png', buffer: tinyPng } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { image } = (await upload.json()) as { image: string };
    const uploads = join(process.env.E2E_DATA_DIR ?? '', 'uploads');
    for (const width of IMAGE_WIDTHS) {
      rmSync(join(uploads, sizedImage(image, width).replace(/^\/uploads\//, '')));
    }
    const product = await addProduct('Old Photo', { image });
    await page.goto(`/product/${product._id}`);
    const picture = page.getByRole('main').getByRole('img', { name: product.name });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(
      await picture.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname),
    ).toBe(image);
  });

  test('reviews: signed out, then a signed-in customer writes one', async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const product = await addProduct('Review Lamp', { countInStock: 5 });
    await page.goto(`/product/${product._id}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByText('No Reviews', { exact: true })).toBeVisible();
    await expect(reviews.getByText('Please sign in to write a review')).toBeVisible();
    await expect(reviews.getByRole('link', { name: 'sign in' })).toHaveAttribute(
      'href',
      `/login?redirect=product/${product._id}`,
    );
    await expect(reviews.getByLabel('Comment')).toHaveCount(0);

    await openSignedIn(page, customer, `/product/${product._id}`);
    const rating = reviews.getByLabel('Rating');
    await expect(rating.locator('option')).toHaveText([
      'select...',
      '1 - poor',
      '2 - Fair',
      '3 - Good',
      '4 - Very Good',
      '5 - Excellent',
    ]);
    const comment = reviews.getByLabel('Comment');
    const submit = reviews.getByRole('button', { name: 'Submit' });

    // Nothing is required by the screen; the server's answer shows in a red alert.
    await comment.fill('Bright and steady.');
    await submit.click();
    const refusal = reviews.locator('.alert-danger');
    await expect(refusal).toHaveText(/rating/i);

    await rating.selectOption({ label: '4 - Very Good' });
    await submit.click();
    await expect(reviews.getByText('Review Submitted!')).toBeVisible();
    await expect(refusal).toHaveCount(0);
    await expect(rating).toHaveValue('');
    await expect(comment).toHaveValue('');

    const detail = (await (await request.get(`/api/products/${product._id}`)).json()) as {
      reviews: { name: string; createdAt: string }[];
    };
    const review = reviews.getByRole('article');
    await expect(review).toHaveCount(1);
    await expect(review).toContainText(customer.name);
    await expect(review).toContainText('Bright and steady.');
    await expect(review).toContainText(detail.reviews[0]!.createdAt.slice(0, 10));
    await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    // No paid order of this product: no verified mark.
    await expect(review.getByText('Verified purchase')).toHaveCount(0);
    await expect(reviews.getByText('No Reviews', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('main').getByText('1 reviews')).toBeVisible();

    // A second review of the same product is refused with the server's words.
    await rating.selectOption({ label: '2 - Fair' });
    await comment.fill('Changed my mind.');
    await submit.click();
    await expect(refusal).toHaveText('Product already reviewed');
  });

  test('a review is shown as text, never run as markup', async ({ page, customer, addProduct }) => {
    const product = await addProduct('Markup Lamp', { countInStock: 5 });
    const markup = '<img src=x onerror=window.__xss=1>';
    await openSignedIn(page, customer, `/product/${product._id}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByLabel('Rating').selectOption({ label: '3 - Good' });
    await reviews.getByLabel('Comment').fill(markup);
    await reviews.getByRole('button', { name: 'Submit' }).click();
    await expect(reviews.getByText('Review Submitted!')).toBeVisible();

    await page.reload();
    const review = reviews.getByRole('article');
    await expect(review.getByText(markup, { exact: true })).toBeVisible();
    await expect(review.locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  });
});
