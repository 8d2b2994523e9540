import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { IMAGE_WIDTHS, sizedImage } from '@proshop/domain/product-image';
import { tinyPng, uniqueWord, type Product } from './catalogue-api.ts';
import { expect, expectToastToGoAfter3s, holdClock, runClock, test } from './fixtures.ts';
import { paypalShopURL } from './paypal-servers.ts';
import { bearer, openSignedIn } from './session.ts';
import { dollars } from './money.ts';

/** A product as the shop lists it (GET /api/products, /api/products/top). */
interface ListedProduct {
  _id: string;
  name: string;
  image: string;
  price: number;
  countInStock: number;
  description: string;
  numReviews: number;
}

/** The e2e server's PAGE_SIZE (the default). */
const PAGE_SIZE = 8;

function cardNames(page: Page) {
  return page.getByRole('main').locator('.card').getByRole('heading').allTextContents();
}

/** `product` as the server lists it, without the detail page's reviews. */
async function listed(request: APIRequestContext, product: Product): Promise<ListedProduct> {
  const response = await request.get(`/api/products/${product._id}`);
  expect(response.status(), await response.text()).toBe(200);
  const { reviews: _reviews, ...fields } = (await response.json()) as ListedProduct & {
    reviews: unknown[];
  };
  return fields;
}

test.describe('catalogue', () => {
  test('the top-rated carousel advances every 5 s, pauses on hover, and a slide leads to its product', async ({
    page,
    request,
    addProduct,
  }) => {
    // Three products of the test's own stand for the best-rated ones, so what the carousel shows
    // does not depend on the demo catalogue or on other tests' reviews. (The order of the real
    // top list is the API tests' subject; the home page test shows its answer on the page.)
    const top: ListedProduct[] = [];
    for (const [label, price] of [
      ['Top Lamp', 49.5],
      ['Top Mug', 12],
      ['Top Kettle', 30.25],
    ] as const) {
      top.push(await listed(request, await addProduct(label, { price })));
    }
    await page.route('**/api/products/top', (route) => route.fulfill({ json: top }));

    // The carousel's clock moves only when the test moves it.
    await holdClock(page);
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
    // The indicator of the slide shown changes as soon as the carousel moves on; the slide
    // itself is `active` once it has slid in.
    const current = carousel.locator('.carousel-indicators [aria-current="true"]');
    const active = carousel.locator('.carousel-item.active');
    await expect(current).toHaveAccessibleName('Slide 1');
    await expect(active).toContainText(top[0]!.name);

    await runClock(page, 4_999);
    await expect(current).toHaveAccessibleName('Slide 1');
    await expect(active).toContainText(top[0]!.name);
    await runClock(page, 1);
    await expect(current).toHaveAccessibleName('Slide 2');
    // The slide takes 0.6 s to slide in.
    await runClock(page, 1_000);
    await expect(active).toContainText(top[1]!.name);

    // Under the pointer it stays, however long.
    await carousel.hover();
    await runClock(page, 12_000);
    await expect(current).toHaveAccessibleName('Slide 2');
    await expect(active).toContainText(top[1]!.name);

    // A slide leads to its product.
    await active.getByRole('link').click();
    await expect(page).toHaveURL(`/product/${top[1]!._id}`);
    await expect(page.getByRole('heading', { level: 1, name: top[1]!.name })).toBeVisible();
  });

  test.describe('on a shop of its own', () => {
    // The products this test makes would push other tests' products off the first page of the
    // main shop's newest-first lists while it runs: it makes them on the second shop, where no
    // test looks for its own products on such a list.
    test.use({ baseURL: paypalShopURL });

    test('a search pages through its own results and keeps the keyword', async ({
      page,
      request,
      addProduct,
    }) => {
      // One more match than a page holds, found by a word only they contain.
      const keyword = uniqueWord('Pageable');
      for (let i = 0; i < PAGE_SIZE + 1; i++) await addProduct(`${keyword} Lamp`);
      const api = async (pageNumber: number) =>
        (await (
          await request.get('/api/products', { params: { keyword, pageNumber } })
        ).json()) as { products: ListedProduct[]; pages: number; count: number };
      const [first, second] = [await api(1), await api(2)];
      expect(first.pages).toBe(2);
      expect(first.count).toBe(PAGE_SIZE + 1);
      expect(first.products).toHaveLength(PAGE_SIZE);
      expect(second.products).toHaveLength(1);

      await page.goto('/');
      const search = page.getByRole('banner').getByRole('search');
      await search.getByRole('searchbox').fill(keyword);
      await search.getByRole('button', { name: 'Search', exact: true }).click();

      await expect(page).toHaveURL(`/search/${keyword}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('region', { name: 'Top rated products' })).toHaveCount(0);
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(`Results for "${keyword}"`);
      await expect(main.getByTestId('product-count')).toHaveText(`${PAGE_SIZE + 1} products`);
      await expect(main.locator('.card')).toHaveCount(PAGE_SIZE);
      const pageOneNames = await cardNames(page);
      expect(pageOneNames).toEqual(first.products.map((product) => product.name));

      const pages = main.getByRole('navigation', { name: 'Pages' });
      await expect(pages.getByRole('link', { name: '1', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const pageTwo = pages.getByRole('link', { name: '2', exact: true });
      await expect(pageTwo).toHaveAttribute('href', `/search/${keyword}/page/2`);
      await pageTwo.click();

      await expect(page).toHaveURL(`/search/${keyword}/page/2`);
      await expect(pageTwo).toHaveAttribute('aria-current', 'page');
      await expect(main.locator('.card')).toHaveCount(1);
      const pageTwoNames = await cardNames(page);
      expect(pageTwoNames).toEqual(second.products.map((product) => product.name));
      expect(pageTwoNames.filter((name) => pageOneNames.includes(name))).toEqual([]);
      await expect(page.getByRole('searchbox')).toHaveValue(keyword);

      await main.getByRole('link', { name: 'Go Back' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('region', { name: 'Top rated products' })).toBeVisible();
    });
  });

  test('a search that matches nothing says so', async ({ page }) => {
    const keyword = uniqueWord('nothing');
    await page.goto(`/search/${keyword}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(
      `No products match “${keyword}”. Try another word.`,
    );
    await expect(main.locator('.card')).toHaveCount(0);
    await expect(main.getByTestId('product-count')).toHaveText('0 products');
    await expect(main.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  });

  test('the product page shows its details and a quantity up to the stock', async ({
    page,
    addProduct,
  }) => {
    const product = await addProduct('Detail Lamp', {
      price: 24.5,
      countInStock: 4,
      description: 'A lamp with a long, bright arm.',
    });

    await page.goto(`/search/${encodeURIComponent(product.name)}`);
    await page.getByRole('main').getByRole('link', { name: product.name }).first().click();
    await expect(page).toHaveURL(`/product/${product._id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(main.getByRole('img', { name: product.name })).toBeVisible();
    await expect(main.getByText('0 reviews')).toBeVisible();
    await expect(main.getByText('Price: $24.50')).toBeVisible();
    await expect(main.getByText(`Description: ${product.description}`)).toBeVisible();
    await expect(main.getByText('In Stock', { exact: true })).toBeVisible();
    await expect(main.getByLabel('Qty').locator('option')).toHaveText(['1', '2', '3', '4']);
  });

  test('add to cart: the modal, a toast that goes after 3 s, the same product again replaces its line', async ({
    page,
    addProduct,
  }) => {
    const product = await addProduct('Cart Lamp', { price: 24.5, countInStock: 4 });
    await holdClock(page);
    await page.goto(`/product/${product._id}`);
    const main = page.getByRole('main');

    await main.getByLabel('Qty').selectOption('2');
    await main.getByRole('button', { name: 'Add To Cart' }).click();
    const modal = page.getByRole('dialog', { name: 'Added to Cart' });
    await expect(modal).toContainText(product.name);
    await expect(modal).toContainText('Qty: 2');
    await expect(modal).toContainText('Price: $49.00');
    // One line of two units: the button counts lines, as the header's badge does.
    await expect(modal.getByRole('button', { name: 'Checkout 1 item(s)' })).toBeVisible();
    const added = page.getByRole('alert').filter({ hasText: 'Item has been added to Cart' });
    await expect(added).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /Cart/ })).toContainText('1');
    // It goes by itself after 3 seconds.
    await expectToastToGoAfter3s(page, added);

    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await main.getByLabel('Qty').selectOption('1');
    await main.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByText('Item already in Cart')).toBeVisible();
    // The dialog agrees with the toast, and the line is replaced, not added twice.
    const again = page.getByRole('dialog', { name: 'Already in your cart' });
    await expect(again.getByRole('button', { name: 'Checkout 1 item(s)' })).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('cartItems'));
    expect(JSON.parse(stored ?? '[]')).toEqual([
      expect.objectContaining({ product: product._id, qty: 1, price: product.price }),
    ]);
  });

  test("the modal's checkout first signs a visitor in; Go to Cart opens the cart", async ({
    page,
    addProduct,
  }) => {
    const product = await addProduct('Modal Lamp', { countInStock: 3 });
    const main = page.getByRole('main');
    const modal = page.getByRole('dialog', { name: 'Added to Cart' });

    // Signed out, checkout first signs the shopper in and then goes on to shipping.
    await page.goto(`/product/${product._id}`);
    await main.getByRole('button', { name: 'Add To Cart' }).click();
    await modal.getByRole('button', { name: 'Checkout 1 item(s)' }).click();
    await expect(page).toHaveURL('/login?redirect=shipping');

    // Added again: the line was in the cart already, and the dialog says so.
    await page.goto(`/product/${product._id}`);
    await main.getByRole('button', { name: 'Add To Cart' }).click();
    const again = page.getByRole('dialog', { name: 'Already in your cart' });
    await again.getByRole('button', { name: 'Go to Cart' }).click();
    await expect(page).toHaveURL('/cart');
    await expect(main.getByRole('link', { name: product.name })).toBeVisible();
  });

  test('a product out of stock cannot be added', async ({ page, addProduct }) => {
    const product = await addProduct('Sold Out Lamp', { countInStock: 0, price: 12.5 });
    await page.goto(`/product/${product._id}`);
    const main = page.getByRole('main');
    await expect(main.getByText('Out Of Stock', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Add To Cart' })).toBeDisabled();
    await expect(main.getByLabel('Qty')).toHaveCount(0);

    // Its card says so before the click.
    await page.goto(`/search/${encodeURIComponent(product.name)}`);
    const card = main.locator('.card').filter({ hasText: product.name });
    await expect(card.getByText('Sold out', { exact: true })).toBeVisible();
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
    // One review, in the singular.
    await expect(page.getByRole('main').getByText('1 review', { exact: true })).toBeVisible();

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
