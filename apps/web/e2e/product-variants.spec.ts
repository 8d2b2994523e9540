// Variants in the shop: the product page's choice of size and colour (price, stock, picture and
// address following it), cards saying "From", two variants of one product as two cart lines
// through checkout and payment, and the option values on the order. Each test makes its own
// product with options through the admin's API (PUT /api/products/{id}/variants).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ProductVariant } from '@proshop/domain/product-schemas';
import { createProduct, uniqueWord, type Product } from './catalogue-api.ts';
import { expect, test, type AddProduct } from './fixtures.ts';
import { fetchOrderByApi } from './orders-api.ts';
import { bearer, openSignedIn, type SessionInfo } from './session.ts';

/** The main picture (the blue shoes) and the orange ones. */
const BLUE = '/images/running-shoes.webp';
const ORANGE = '/images/running-shoes-orange.webp';

type Variant = ProductVariant;

interface Shoes extends Product {
  /** The variants by choice: `40 Blue`, `41 Orange`... */
  variant: (size: string, colour: string) => Variant;
}

/**
 * Running shoes at $20 in sizes 40, 41 and 42 and colours Blue and Orange: 41 costs $22 and 42
 * $24; 42 in Blue is sold out and 42 in Orange is not offered.
 */
const OFFERED = [
  { size: '40', colour: 'Blue', price: null, stock: 5 },
  { size: '41', colour: 'Blue', price: 22, stock: 5 },
  { size: '42', colour: 'Blue', price: 24, stock: 0 },
  { size: '40', colour: 'Orange', price: null, stock: 3 },
  { size: '41', colour: 'Orange', price: 22, stock: 2 },
];

async function fetchVariants(request: APIRequestContext, id: string): Promise<Variant[]> {
  const response = await request.get(`/api/products/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { variants: Variant[] }).variants;
}

/** Gives `product` its two pictures, the options and the variants of OFFERED. */
async function makeShoes(
  request: APIRequestContext,
  admin: SessionInfo,
  product: Product,
): Promise<Shoes> {
  const { _id, ...fields } = product;
  const pictured = await request.put(`/api/products/${_id}`, {
    headers: bearer(admin),
    data: { ...fields, price: 20, image: BLUE, images: [BLUE, ORANGE] },
  });
  expect(pictured.status(), await pictured.text()).toBe(200);
  const skuStem = uniqueWord('SHOE-');
  const saved = await request.put(`/api/products/${_id}/variants`, {
    headers: bearer(admin),
    data: {
      options: [
        { name: 'Size', values: ['40', '41', '42'] },
        { name: 'Colour', values: ['Blue', 'Orange'] },
      ],
      variants: OFFERED.map(({ size, colour, price, stock }) => ({
        sku: `${skuStem}-${size}-${colour}`,
        options: { Size: size, Colour: colour },
        price,
        countInStock: stock,
        image: colour === 'Orange' ? ORANGE : null,
        active: true,
      })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const variants = await fetchVariants(request, _id);
  return {
    ...product,
    price: 20,
    image: BLUE,
    variant: (size, colour) => {
      const found = variants.find((v) => v.options.Size === size && v.options.Colour === colour);
      if (!found) throw new Error(`No variant ${size} ${colour}`);
      return found;
    },
  };
}

async function addShoes(
  request: APIRequestContext,
  admin: SessionInfo,
  addProduct: AddProduct,
): Promise<Shoes> {
  return makeShoes(request, admin, await addProduct('Variant Shoes'));
}

/** The product page's parts the tests read. */
function productPage(page: Page, name: string) {
  const main = page.getByRole('main');
  const group = (option: string) => main.getByRole('group', { name: option, exact: true });
  return {
    main,
    size: group('Size'),
    colour: group('Colour'),
    /** The picture shown: 1 is the blue shoes (the main picture), 2 the orange ones. */
    picture: (place: number) =>
      main
        .getByRole('group', { name: `Pictures of ${name}` })
        .getByRole('img', { name: `${name}, picture ${place} of 2` }),
    addToCart: main.getByRole('button', { name: 'Add To Cart' }),
    qty: main.getByLabel('Qty'),
  };
}

/** Chooses `value` in an option's group: a click on its button (the radio's label). */
async function choose(group: Locator, value: string) {
  const radio = group.getByRole('radio', { name: new RegExp(`^${value}( \\(unavailable\\))?$`) });
  await group.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
  await expect(radio).toBeChecked();
}

const address = {
  address: '7 Variant Road',
  city: 'Testville',
  postalCode: '4021',
  country: 'Testland',
};

test.describe('product variants in the shop', () => {
  test('choosing size and colour sets price, stock, picture and address; a shared link opens with that choice', async ({
    page,
    request,
    admin,
    addProduct,
  }) => {
    const shoes = await addShoes(request, admin, addProduct);
    const { main, size, colour, picture, addToCart, qty } = productPage(page, shoes.name);

    // Its card says "From" the lowest price, as its variants cost different amounts.
    await page.goto(`/search/${encodeURIComponent(shoes.name)}`);
    const card = main.locator('.card').filter({ hasText: shoes.name });
    await expect(card).toContainText('From $20.00');

    await card.getByRole('heading', { name: shoes.name }).getByRole('link').click();
    await expect(page).toHaveURL(`/product/${shoes._id}`);
    await expect(main.getByText('Price: From $20.00')).toBeVisible();
    await expect(size.getByRole('radio')).toHaveCount(3);
    await expect(colour.getByRole('radio')).toHaveCount(2);
    await expect(main.getByRole('radio', { checked: true })).toHaveCount(0);
    // Nothing chosen yet: the shoes are in stock in some variant, but the cart needs a choice.
    await expect(main.getByText('In Stock', { exact: true })).toBeVisible();
    await expect(addToCart).toBeDisabled();
    await expect(addToCart).toHaveAccessibleDescription('Choose a Size and Colour');
    await expect(qty).toHaveCount(0);
    await expect(picture(1)).toHaveAttribute('src', BLUE);

    // Orange: 42 is not offered in orange, so it is marked unavailable; the picture turns orange.
    await choose(colour, 'Orange');
    await expect(size.getByRole('radio', { name: '42 (unavailable)' })).toBeVisible();
    await expect(size.getByRole('radio', { name: '40', exact: true })).toBeVisible();
    await expect(picture(2)).toHaveAttribute('src', ORANGE);
    await expect(addToCart).toHaveAccessibleDescription('Choose a Size');
    await expect(page).toHaveURL(`/product/${shoes._id}`);

    // Size 41 completes the choice: its price, its stock of 2, and the address names it.
    await choose(size, '41');
    const orange41 = shoes.variant('41', 'Orange');
    await expect(main.getByText('Price: $22.00')).toBeVisible();
    await expect(main.getByText('In Stock', { exact: true })).toBeVisible();
    await expect(qty.locator('option')).toHaveText(['1', '2']);
    await expect(addToCart).toBeEnabled();
    await expect(page).toHaveURL(`/product/${shoes._id}?variant=${orange41._id}`);

    // Blue: the picture turns back to the main one; 42 in blue is offered but sold out.
    await choose(colour, 'Blue');
    await expect(picture(1)).toHaveAttribute('src', BLUE);
    await expect(page).toHaveURL(
      `/product/${shoes._id}?variant=${shoes.variant('41', 'Blue')._id}`,
    );
    await expect(size.getByRole('radio', { name: '42 (unavailable)' })).toBeVisible();
    await choose(size, '42');
    await expect(main.getByText('Price: $24.00')).toBeVisible();
    await expect(main.getByText('Out Of Stock', { exact: true })).toBeVisible();
    await expect(addToCart).toBeDisabled();
    await expect(qty).toHaveCount(0);
    await expect(page).toHaveURL(
      `/product/${shoes._id}?variant=${shoes.variant('42', 'Blue')._id}`,
    );

    // Orange again: 42 is not offered in orange, so the size gives way to the colour.
    await choose(colour, 'Orange');
    await expect(size.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(addToCart).toHaveAccessibleDescription('Choose a Size');
    await expect(page).toHaveURL(`/product/${shoes._id}`);

    // The shared link opens on a fresh page with the same choice, price and picture.
    const fresh = await page.context().newPage();
    await fresh.goto(`/product/${shoes._id}?variant=${orange41._id}`);
    const shared = productPage(fresh, shoes.name);
    await expect(shared.size.getByRole('radio', { name: '41', exact: true })).toBeChecked();
    await expect(shared.colour.getByRole('radio', { name: 'Orange', exact: true })).toBeChecked();
    await expect(shared.main.getByText('Price: $22.00')).toBeVisible();
    await expect(shared.picture(2)).toHaveAttribute('src', ORANGE);
    await expect(shared.addToCart).toBeEnabled();
    await fresh.close();
  });

  test('two variants of one product are two cart lines, ordered, paid and shown with their options', async ({
    page,
    request,
    admin,
    customer,
    addProduct,
  }) => {
    const shoes = await addShoes(request, admin, addProduct);
    const blue40 = shoes.variant('40', 'Blue');
    const orange41 = shoes.variant('41', 'Orange');
    const blueLabel = `${shoes.name} — Size: 40, Colour: Blue`;
    const orangeLabel = `${shoes.name} — Size: 41, Colour: Orange`;
    await openSignedIn(page, customer, '/');
    await page.evaluate(
      ({ shipping }) => {
        localStorage.setItem('shipping', JSON.stringify(shipping));
        localStorage.setItem('paymentMethod', JSON.stringify('PayPal'));
      },
      { shipping: address },
    );

    // Two pairs of 40 in blue...
    await page.goto(`/product/${shoes._id}?variant=${blue40._id}`);
    const { main, size, colour, qty, addToCart } = productPage(page, shoes.name);
    await qty.selectOption('2');
    await addToCart.click();
    const modal = page.getByRole('dialog', { name: 'Added to Cart' });
    await expect(modal).toContainText(blueLabel);
    await expect(modal).toContainText('Price: $40.00');
    await modal.getByRole('button', { name: 'Close' }).click();

    // ...and one of 41 in orange: a second line, not a change of the first.
    await choose(size, '41');
    await choose(colour, 'Orange');
    // The quantity chosen stays while the new variant has that many.
    await expect(qty).toHaveValue('2');
    await qty.selectOption('1');
    await addToCart.click();
    await expect(modal).toContainText(orangeLabel);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Item has been added to Cart' }),
    ).toBeVisible();
    await modal.getByRole('button', { name: 'Go to Cart' }).click();

    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('banner').getByRole('link', { name: /Cart/ })).toHaveText('Cart 2');
    await expect(main.getByRole('link', { name: blueLabel })).toHaveAttribute(
      'href',
      `/product/${shoes._id}?variant=${blue40._id}`,
    );
    await expect(main.getByRole('link', { name: orangeLabel })).toBeVisible();
    await expect(main.getByRole('img', { name: orangeLabel })).toHaveAttribute('src', ORANGE);
    await expect(main.getByLabel(`Quantity of ${blueLabel}`)).toHaveValue('2');
    await expect(main.getByLabel(`Quantity of ${orangeLabel}`).locator('option')).toHaveText([
      '1',
      '2',
    ]);
    await expect(main.getByRole('heading', { name: /^Subtotal/ })).toHaveText('Subtotal (2 items)');
    await expect(main.getByText('$62.00', { exact: true })).toBeVisible();
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('cartItems'))) ?? '[]',
    ) as unknown[];
    expect(stored).toEqual([
      expect.objectContaining({ product: shoes._id, variant: blue40._id, sku: blue40.sku, qty: 2 }),
      expect.objectContaining({
        product: shoes._id,
        variant: orange41._id,
        price: 22,
        options: [
          { name: 'Size', value: '41' },
          { name: 'Colour', value: 'Orange' },
        ],
      }),
    ]);

    // Place the order: both lines, each with its options and price.
    await main.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await expect(page).toHaveURL('/shipping');
    await page.goto('/placeorder');
    const items = main.getByRole('list', { name: 'Order items' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: blueLabel })).toContainText('2 x $20.00 = $40.00');
    await expect(items.filter({ hasText: orangeLabel })).toContainText('1 x $22.00 = $22.00');
    await main.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;

    // The order page shows the option values; paying takes each variant's own stock.
    const orderItems = main.getByRole('list', { name: 'Order items' }).getByRole('listitem');
    await expect(orderItems.filter({ hasText: blueLabel })).toContainText('2 x $20.00 = $40.00');
    await expect(orderItems.filter({ hasText: orangeLabel })).toContainText('1 x $22.00 = $22.00');
    await main.getByRole('button', { name: 'Pay (test mode)' }).click();
    await expect(main.getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    const order = await fetchOrderByApi(request, customer, orderId);
    expect(
      order.orderItems.map(({ variant, sku, qty, price }) => ({ variant, sku, qty, price })),
    ).toEqual([
      { variant: blue40._id, sku: blue40.sku, qty: 2, price: 20 },
      { variant: orange41._id, sku: orange41.sku, qty: 1, price: 22 },
    ]);
    const stock = Object.fromEntries(
      (await fetchVariants(request, shoes._id)).map((v) => [
        `${v.options.Size} ${v.options.Colour}`,
        v.countInStock,
      ]),
    );
    expect(stock).toEqual({
      '40 Blue': 3,
      '41 Blue': 5,
      '42 Blue': 0,
      '40 Orange': 3,
      '41 Orange': 1,
    });

    // My Orders names the first line with its options.
    await page.goto('/profile');
    const card = page.getByRole('article', { name: `Order ${orderId}` });
    await expect(card.getByRole('link', { name: blueLabel })).toBeVisible();
    await expect(card).toContainText('and 1 more item');
  });

  test('option values are facets of the list, kept in the address and removed by their chip', async ({
    page,
    request,
    admin,
    deleteAfterTest,
  }) => {
    // Shoes with options and a mug without, found by a word of their own.
    const word = uniqueWord('Facetword');
    const made: Product[] = [];
    for (const name of [`Shoes ${word}`, `Mug ${word}`]) {
      const product = await createProduct(request, admin, { name, price: 9, countInStock: 4 });
      deleteAfterTest(product._id);
      made.push(product);
    }
    const [shoesProduct, mug] = made as [Product, Product];
    const shoes = await makeShoes(request, admin, shoesProduct);
    const main = page.getByRole('main');
    const cards = main.locator('.card');

    await page.goto(`/search/${word}`);
    await expect(cards).toHaveCount(2);
    const filters = page.getByRole('complementary', { name: 'Product filters' });
    const sizes = filters.getByRole('group', { name: 'Size', exact: true });
    await expect(sizes.getByRole('checkbox')).toHaveCount(3);
    await expect(filters.getByRole('group', { name: 'Colour', exact: true })).toBeVisible();

    await sizes.getByRole('checkbox', { name: /^41 / }).check();
    await expect(page).toHaveURL(`/search/${word}?option=Size:41`);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(shoes.name);
    await expect(cards.filter({ hasText: mug.name })).toHaveCount(0);

    // A shared list opens with the filter; its chip takes it away.
    await page.goto(`/search/${word}?option=Size:41`);
    await expect(cards).toHaveCount(1);
    await expect(sizes.getByRole('checkbox', { name: /^41 / })).toBeChecked();
    await main.getByRole('button', { name: 'Remove filter: Size 41' }).click();
    await expect(page).toHaveURL(`/search/${word}`);
    await expect(cards).toHaveCount(2);
  });
});
