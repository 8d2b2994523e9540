// The demo shop's catalogue and reviews. Brands are invented; the pictures are drawn by
// scripts/make-demo-images.mjs into apps/web/public/images/. Products are listed newest first,
// so the first eight make the home page's "Latest Products" (a shirt with sizes and colours among
// them, so that a new visitor meets options at once).
import type { OptionChoice, ProductOption } from '@proshop/domain/variants';

/** A category or brand of the demo shop, made with its description. */
export interface DemoTaxonomy {
  name: string;
  description: string;
}

interface DemoProductBase {
  /** Stable key that reviews refer to, and the main picture's file name. */
  key: string;
  name: string;
  /** Public paths of its pictures, the main one first, e.g. '/images/headphones.webp'. */
  images: readonly [string, ...string[]];
  /** A DemoTaxonomy name of demoBrands and of demoCategories. */
  brand: string;
  category: string;
  /** One to three sentences of shop copy. */
  description: string;
  /** Dollars, at most two decimals; what its variants without a price of their own sell at. */
  price: number;
}

/** A product without options: its one variant holds its SKU and stock (decision 0019). */
export interface DemoSimpleProduct extends DemoProductBase {
  sku: string;
  /** Whole number, 0 means out of stock. */
  countInStock: number;
}

/** One combination of a product's options that the shop offers. */
export interface DemoVariant {
  sku: string;
  options: OptionChoice;
  /** Dollars; the product's price when left out. */
  price?: number;
  countInStock: number;
  /** One of the product's pictures; its main picture when left out. */
  image?: string;
}

/** A product with options, offered in the combinations its variants list. */
export interface DemoVariantProduct extends DemoProductBase {
  options: readonly ProductOption[];
  variants: readonly DemoVariant[];
}

export type DemoProduct = DemoSimpleProduct | DemoVariantProduct;

export const hasOptions = (product: DemoProduct): product is DemoVariantProduct =>
  'variants' in product;

export interface DemoReview {
  /** DemoProduct.key */
  productKey: string;
  author: 'john' | 'jane' | 'admin';
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
}

const AUDIO = 'Audio';
const CAMERAS = 'Cameras';
const PHONES = 'Phones & Wearables';
const COMPUTERS = 'Computers';
const GAMING = 'Gaming';
const HOME = 'Home & Kitchen';
const OUTDOORS = 'Sports & Outdoors';
const ACCESSORIES = 'Accessories';
const CLOTHING = 'Clothing';

export const demoCategories: readonly DemoTaxonomy[] = [
  {
    name: AUDIO,
    description: 'Headphones and speakers for music, calls and films, at home or on the move.',
  },
  {
    name: CAMERAS,
    description: 'Cameras that keep up with the moment, from holidays to 4K video.',
  },
  {
    name: PHONES,
    description: 'Smartphones and smartwatches that last the day and keep you in touch.',
  },
  {
    name: COMPUTERS,
    description: 'Laptops, e-readers and the mice that go with them, for work, study and reading.',
  },
  {
    name: GAMING,
    description: 'Consoles and keyboards for long evenings of play.',
  },
  {
    name: HOME,
    description: 'Good light and good coffee: small things that make a home.',
  },
  {
    name: OUTDOORS,
    description: 'Shoes and bottles for runs, hikes and everything in between.',
  },
  {
    name: ACCESSORIES,
    description: 'Bags and sunglasses to carry and protect what you take along.',
  },
  {
    name: CLOTHING,
    description:
      'Shirts and hoodies for trails, commutes and cool evenings, in the size that fits.',
  },
];

export const demoBrands: readonly DemoTaxonomy[] = [
  {
    name: 'Auralis',
    description: 'Sound made simple: headphones and speakers tuned for everyday listening.',
  },
  {
    name: 'Lumina',
    description: 'Light and pictures: cameras, lamps and screens that are easy on the eyes.',
  },
  {
    name: 'Orbiton',
    description: 'Phones, watches and laptops that travel light and run long.',
  },
  {
    name: 'Tactora',
    description: 'Controls that feel right: consoles, keyboards and mice.',
  },
  {
    name: 'Trailmoss',
    description: 'Outdoor gear and clothing for commutes, trails and sunny days.',
  },
  {
    name: 'Hearthly',
    description: 'Kitchen appliances for slow mornings.',
  },
];

/** The paths of a product's pictures: `<key>.webp`, then `<key>-<view>.webp` for each view. */
const picturesOf = (key: string, ...views: string[]): [string, ...string[]] => [
  `/images/${key}.webp`,
  ...views.map((view) => `/images/${key}-${view}.webp`),
];

export const demoProducts: readonly DemoProduct[] = [
  {
    key: 'headphones',
    name: 'Auralis Wireless Noise-Cancelling Headphones',
    images: picturesOf('headphones', 'sage', 'detail'),
    brand: 'Auralis',
    category: AUDIO,
    description:
      'Over-ear wireless headphones with adaptive noise cancelling and 40 hours of battery life. Soft memory-foam cushions keep long listening sessions comfortable.',
    price: 199.99,
    sku: 'AUR-NC-HP',
    countInStock: 12,
  },
  {
    key: 'trail-shirt',
    name: 'Trailmoss Trail Shirt',
    images: picturesOf('trail-shirt', 'green', 'detail'),
    brand: 'Trailmoss',
    category: CLOTHING,
    description:
      'A light, quick-drying shirt for runs and hikes, with breathable mesh panels at the sides and flat seams that do not rub. Cut true to size.',
    price: 39.0,
    options: [
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Blue', 'Green'] },
    ],
    // Green in L is not made, and green in S is sold out: the product page shows both as
    // unavailable. Each colour shows its own picture.
    variants: [
      {
        sku: 'TS-BLU-S',
        options: { Size: 'S', Colour: 'Blue' },
        countInStock: 8,
        image: '/images/trail-shirt.webp',
      },
      {
        sku: 'TS-BLU-M',
        options: { Size: 'M', Colour: 'Blue' },
        countInStock: 12,
        image: '/images/trail-shirt.webp',
      },
      {
        sku: 'TS-BLU-L',
        options: { Size: 'L', Colour: 'Blue' },
        countInStock: 6,
        image: '/images/trail-shirt.webp',
      },
      {
        sku: 'TS-GRN-S',
        options: { Size: 'S', Colour: 'Green' },
        countInStock: 0,
        image: '/images/trail-shirt-green.webp',
      },
      {
        sku: 'TS-GRN-M',
        options: { Size: 'M', Colour: 'Green' },
        countInStock: 5,
        image: '/images/trail-shirt-green.webp',
      },
    ],
  },
  {
    key: 'camera',
    name: 'Lumina M5 Mirrorless Camera',
    images: picturesOf('camera', 'lens'),
    brand: 'Lumina',
    category: CAMERAS,
    description:
      'A 26-megapixel mirrorless camera with fast autofocus, 4K video and in-body stabilisation. Photos move to your phone over a wireless connection as you shoot.',
    price: 1299.0,
    sku: 'LUM-M5',
    countInStock: 0,
  },
  {
    key: 'smartphone',
    name: 'Orbiton One 128 GB Smartphone',
    images: picturesOf('smartphone', 'green'),
    brand: 'Orbiton',
    category: PHONES,
    description:
      'A bright 6.1-inch display, a dual camera that handles low light well and a battery that lasts a full day. Supports fast wireless charging.',
    price: 799.0,
    sku: 'ORB-ONE-128',
    countInStock: 9,
  },
  {
    key: 'gaming-console',
    name: 'Tactora Play Gaming Console',
    images: picturesOf('gaming-console', 'controller'),
    brand: 'Tactora',
    category: GAMING,
    description:
      'A compact home console that plays in 4K at up to 120 frames per second. Comes with one wireless controller and a 1 TB drive.',
    price: 449.99,
    sku: 'TAC-PLAY',
    countInStock: 0,
  },
  {
    key: 'fleece-hoodie',
    name: 'Trailmoss Fleece Hoodie',
    images: picturesOf('fleece-hoodie', 'hood'),
    brand: 'Trailmoss',
    category: CLOTHING,
    description:
      'A warm brushed-fleece hoodie with a lined hood and a kangaroo pocket, for cool mornings at camp and evenings in town. The XXL is cut longer in the body and sleeves.',
    price: 69.0,
    options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL', 'XXL'] }],
    // The longer XXL costs more: the card shows "From $69.00".
    variants: [
      { sku: 'FH-S', options: { Size: 'S' }, countInStock: 4 },
      { sku: 'FH-M', options: { Size: 'M' }, countInStock: 9 },
      { sku: 'FH-L', options: { Size: 'L' }, countInStock: 7 },
      { sku: 'FH-XL', options: { Size: 'XL' }, countInStock: 3 },
      { sku: 'FH-XXL', options: { Size: 'XXL' }, price: 74.0, countInStock: 2 },
    ],
  },
  {
    key: 'wireless-mouse',
    name: 'Tactora Glide Wireless Mouse',
    images: picturesOf('wireless-mouse', 'coral'),
    brand: 'Tactora',
    category: COMPUTERS,
    description:
      'A quiet, lightweight wireless mouse shaped for either hand. One AA battery runs it for up to 18 months.',
    price: 29.99,
    sku: 'TAC-GLIDE',
    countInStock: 40,
  },
  {
    key: 'smart-speaker',
    name: 'Auralis Home Smart Speaker',
    images: picturesOf('smart-speaker', 'top'),
    brand: 'Auralis',
    category: AUDIO,
    description:
      'Room-filling sound from a speaker small enough for a bookshelf. Streams over Wi-Fi or Bluetooth and pairs with a second speaker for wireless stereo.',
    price: 79.99,
    sku: 'AUR-HOME',
    countInStock: 25,
  },
  {
    key: 'laptop',
    name: 'Orbiton Air 14 Laptop',
    images: picturesOf('laptop', 'side'),
    brand: 'Orbiton',
    category: COMPUTERS,
    description:
      'A 14-inch laptop that weighs 1.2 kg and runs for 15 hours on a charge. 16 GB of memory, a 512 GB SSD and the latest wireless networking.',
    price: 1149.0,
    sku: 'ORB-AIR-14',
    countInStock: 6,
  },
  {
    key: 'mechanical-keyboard',
    name: 'Tactora K75 Mechanical Keyboard',
    images: picturesOf('mechanical-keyboard', 'keys'),
    brand: 'Tactora',
    category: GAMING,
    description:
      'A compact 75% mechanical keyboard with hot-swappable tactile switches. Connects by USB-C cable or wireless to up to three devices.',
    price: 89.99,
    sku: 'TAC-K75',
    countInStock: 18,
  },
  {
    key: 'smartwatch',
    name: 'Orbiton Pulse Smartwatch',
    images: picturesOf('smartwatch', 'blue'),
    brand: 'Orbiton',
    category: PHONES,
    description:
      'Tracks steps, sleep, heart rate and workouts, and shows notifications from your phone. Water resistant to 50 m, with a wireless charging puck in the box.',
    price: 249.0,
    sku: 'ORB-PULSE',
    countInStock: 14,
  },
  {
    key: 'desk-lamp',
    name: 'Lumina Arc LED Desk Lamp',
    images: picturesOf('desk-lamp', 'side'),
    brand: 'Lumina',
    category: HOME,
    description:
      'An adjustable LED desk lamp with five colour temperatures and a dimmer. The base doubles as a wireless charger for your phone.',
    price: 49.5,
    sku: 'LUM-ARC',
    countInStock: 22,
  },
  {
    key: 'backpack',
    name: 'Trailmoss Commuter Backpack 22 L',
    images: picturesOf('backpack', 'green'),
    brand: 'Trailmoss',
    category: ACCESSORIES,
    description:
      'A water-repellent 22-litre backpack with a padded sleeve for a 15-inch laptop and a quick-access front pocket.',
    price: 74.95,
    sku: 'TRM-BP-22',
    countInStock: 30,
  },
  {
    key: 'running-shoes',
    name: 'Trailmoss Stride Running Shoes',
    images: picturesOf('running-shoes', 'orange'),
    brand: 'Trailmoss',
    category: OUTDOORS,
    description:
      'Light, cushioned running shoes with a breathable knit upper and a grippy rubber sole for road and gravel.',
    price: 119.0,
    sku: 'TRM-STRIDE',
    countInStock: 16,
  },
  {
    key: 'coffee-maker',
    name: 'Hearthly Brew 10-Cup Coffee Maker',
    images: picturesOf('coffee-maker', 'carafe'),
    brand: 'Hearthly',
    category: HOME,
    description:
      'Brews up to ten cups into a glass carafe that stays warm for two hours. Set the timer at night and wake up to fresh coffee.',
    price: 139.0,
    sku: 'HRT-BREW-10',
    countInStock: 8,
  },
  {
    key: 'sunglasses',
    name: 'Trailmoss Horizon Polarised Sunglasses',
    images: picturesOf('sunglasses', 'olive'),
    brand: 'Trailmoss',
    category: ACCESSORIES,
    description:
      'Polarised lenses that cut glare on water and snow, in a light frame that stays put on a run. Full UV400 protection.',
    price: 59.0,
    sku: 'TRM-HORIZON',
    countInStock: 0,
  },
  {
    key: 'water-bottle',
    name: 'Trailmoss Insulated Water Bottle 750 ml',
    images: picturesOf('water-bottle', 'plum'),
    brand: 'Trailmoss',
    category: OUTDOORS,
    description:
      'A double-walled steel bottle that keeps drinks cold for 24 hours or hot for 12. Leak-proof cap with a carry loop.',
    price: 24.99,
    sku: 'TRM-BTL-750',
    countInStock: 55,
  },
  {
    key: 'e-reader',
    name: 'Lumina Page E-Reader',
    images: picturesOf('e-reader', 'page'),
    brand: 'Lumina',
    category: COMPUTERS,
    description:
      'A glare-free 7-inch paper-like screen with a warm front light for reading at night. Holds thousands of books and downloads new ones over a wireless connection.',
    price: 129.99,
    sku: 'LUM-PAGE',
    countInStock: 11,
  },
];

// Averages: headphones 5, smartwatch 4.5, laptop 4.33, then 4 and below, so the top three
// rated products are always the same.
export const demoReviews: readonly DemoReview[] = [
  {
    productKey: 'headphones',
    author: 'john',
    rating: 5,
    comment: 'The noise cancelling is superb on the train, and the battery lasts all week.',
  },
  {
    productKey: 'headphones',
    author: 'jane',
    rating: 5,
    comment: 'Comfortable for hours and they sound great. Pairing was instant.',
  },
  {
    productKey: 'smartwatch',
    author: 'jane',
    rating: 5,
    comment: 'Sleep tracking is accurate and the screen is easy to read outdoors.',
  },
  {
    productKey: 'smartwatch',
    author: 'john',
    rating: 4,
    comment: 'Great watch, though I charge it every two days rather than every three.',
  },
  {
    productKey: 'laptop',
    author: 'john',
    rating: 5,
    comment: 'Light, fast and silent. It easily gets through a full working day.',
  },
  {
    productKey: 'laptop',
    author: 'jane',
    rating: 4,
    comment: 'Lovely screen and keyboard. I wish it had one more USB port.',
  },
  {
    productKey: 'laptop',
    author: 'admin',
    rating: 4,
    comment: 'A solid choice for students and travellers.',
  },
  {
    productKey: 'trail-shirt',
    author: 'jane',
    rating: 4,
    comment: 'Dries in no time after a hike. The medium fits true to size.',
  },
  {
    productKey: 'trail-shirt',
    author: 'john',
    rating: 4,
    comment: 'Soft and light. I wish the green came in large.',
  },
  {
    productKey: 'fleece-hoodie',
    author: 'john',
    rating: 4,
    comment: 'Warm and cosy; the XXL is long enough in the arms for once.',
  },
  {
    productKey: 'e-reader',
    author: 'jane',
    rating: 4,
    comment: 'Reading at night with the warm light is a pleasure. Page turns could be quicker.',
  },
  {
    productKey: 'camera',
    author: 'john',
    rating: 4,
    comment: 'Sharp photos and quick autofocus. The menus take some getting used to.',
  },
  {
    productKey: 'running-shoes',
    author: 'jane',
    rating: 4,
    comment: 'Light and well cushioned; they needed no breaking in.',
  },
  {
    productKey: 'mechanical-keyboard',
    author: 'john',
    rating: 4,
    comment: 'Typing feels great and switching between devices is easy.',
  },
  {
    productKey: 'mechanical-keyboard',
    author: 'jane',
    rating: 3,
    comment: 'Nice to type on, but louder than I expected for an office.',
  },
  {
    productKey: 'coffee-maker',
    author: 'jane',
    rating: 3,
    comment: 'Makes good coffee, although the carafe drips a little when pouring.',
  },
  {
    productKey: 'wireless-mouse',
    author: 'john',
    rating: 2,
    comment: 'Comfortable, but the scroll wheel started squeaking after a month.',
  },
  {
    productKey: 'wireless-mouse',
    author: 'admin',
    rating: 3,
    comment: 'Does the job for everyday work. Fine for the price.',
  },
];
