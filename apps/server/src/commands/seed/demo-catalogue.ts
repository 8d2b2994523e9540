// The demo shop's catalogue and reviews. Brands are invented; the pictures are drawn by
// scripts/make-demo-images.mjs into apps/web/public/images/. Products are listed newest first,
// so the first eight make the home page's "Latest Products".

export interface DemoProduct {
  /** Stable key that reviews refer to, and the picture's file name. */
  key: string;
  name: string;
  /** Public path of the picture, e.g. '/images/headphones.webp'. */
  image: string;
  brand: string;
  category: string;
  /** One to three sentences of shop copy. */
  description: string;
  /** Dollars, at most two decimals. */
  price: number;
  /** Whole number, 0 means out of stock. */
  countInStock: number;
}

export interface DemoReview {
  /** DemoProduct.key */
  productKey: string;
  author: 'john' | 'jane' | 'admin';
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
}

const ELECTRONICS = 'Electronics';
const HOME = 'Home & Kitchen';
const OUTDOORS = 'Sports & Outdoors';
const ACCESSORIES = 'Accessories';

const imageOf = (key: string): string => `/images/${key}.webp`;

export const demoProducts: readonly DemoProduct[] = [
  {
    key: 'headphones',
    name: 'Auralis Wireless Noise-Cancelling Headphones',
    image: imageOf('headphones'),
    brand: 'Auralis',
    category: ELECTRONICS,
    description:
      'Over-ear wireless headphones with adaptive noise cancelling and 40 hours of battery life. Soft memory-foam cushions keep long listening sessions comfortable.',
    price: 199.99,
    countInStock: 12,
  },
  {
    key: 'camera',
    name: 'Lumina M5 Mirrorless Camera',
    image: imageOf('camera'),
    brand: 'Lumina',
    category: ELECTRONICS,
    description:
      'A 26-megapixel mirrorless camera with fast autofocus, 4K video and in-body stabilisation. Photos move to your phone over a wireless connection as you shoot.',
    price: 1299.0,
    countInStock: 0,
  },
  {
    key: 'smartphone',
    name: 'Orbiton One 128 GB Smartphone',
    image: imageOf('smartphone'),
    brand: 'Orbiton',
    category: ELECTRONICS,
    description:
      'A bright 6.1-inch display, a dual camera that handles low light well and a battery that lasts a full day. Supports fast wireless charging.',
    price: 799.0,
    countInStock: 9,
  },
  {
    key: 'gaming-console',
    name: 'Tactora Play Gaming Console',
    image: imageOf('gaming-console'),
    brand: 'Tactora',
    category: ELECTRONICS,
    description:
      'A compact home console that plays in 4K at up to 120 frames per second. Comes with one wireless controller and a 1 TB drive.',
    price: 449.99,
    countInStock: 0,
  },
  {
    key: 'wireless-mouse',
    name: 'Tactora Glide Wireless Mouse',
    image: imageOf('wireless-mouse'),
    brand: 'Tactora',
    category: ELECTRONICS,
    description:
      'A quiet, lightweight wireless mouse shaped for either hand. One AA battery runs it for up to 18 months.',
    price: 29.99,
    countInStock: 40,
  },
  {
    key: 'smart-speaker',
    name: 'Auralis Home Smart Speaker',
    image: imageOf('smart-speaker'),
    brand: 'Auralis',
    category: ELECTRONICS,
    description:
      'Room-filling sound from a speaker small enough for a bookshelf. Streams over Wi-Fi or Bluetooth and pairs with a second speaker for wireless stereo.',
    price: 79.99,
    countInStock: 25,
  },
  {
    key: 'laptop',
    name: 'Orbiton Air 14 Laptop',
    image: imageOf('laptop'),
    brand: 'Orbiton',
    category: ELECTRONICS,
    description:
      'A 14-inch laptop that weighs 1.2 kg and runs for 15 hours on a charge. 16 GB of memory, a 512 GB SSD and the latest wireless networking.',
    price: 1149.0,
    countInStock: 6,
  },
  {
    key: 'mechanical-keyboard',
    name: 'Tactora K75 Mechanical Keyboard',
    image: imageOf('mechanical-keyboard'),
    brand: 'Tactora',
    category: ELECTRONICS,
    description:
      'A compact 75% mechanical keyboard with hot-swappable tactile switches. Connects by USB-C cable or wireless to up to three devices.',
    price: 89.99,
    countInStock: 18,
  },
  {
    key: 'smartwatch',
    name: 'Orbiton Pulse Smartwatch',
    image: imageOf('smartwatch'),
    brand: 'Orbiton',
    category: ELECTRONICS,
    description:
      'Tracks steps, sleep, heart rate and workouts, and shows notifications from your phone. Water resistant to 50 m, with a wireless charging puck in the box.',
    price: 249.0,
    countInStock: 14,
  },
  {
    key: 'desk-lamp',
    name: 'Lumina Arc LED Desk Lamp',
    image: imageOf('desk-lamp'),
    brand: 'Lumina',
    category: HOME,
    description:
      'An adjustable LED desk lamp with five colour temperatures and a dimmer. The base doubles as a wireless charger for your phone.',
    price: 49.5,
    countInStock: 22,
  },
  {
    key: 'backpack',
    name: 'Trailmoss Commuter Backpack 22 L',
    image: imageOf('backpack'),
    brand: 'Trailmoss',
    category: ACCESSORIES,
    description:
      'A water-repellent 22-litre backpack with a padded sleeve for a 15-inch laptop and a quick-access front pocket.',
    price: 74.95,
    countInStock: 30,
  },
  {
    key: 'running-shoes',
    name: 'Trailmoss Stride Running Shoes',
    image: imageOf('running-shoes'),
    brand: 'Trailmoss',
    category: OUTDOORS,
    description:
      'Light, cushioned running shoes with a breathable knit upper and a grippy rubber sole for road and gravel.',
    price: 119.0,
    countInStock: 16,
  },
  {
    key: 'coffee-maker',
    name: 'Hearthly Brew 10-Cup Coffee Maker',
    image: imageOf('coffee-maker'),
    brand: 'Hearthly',
    category: HOME,
    description:
      'Brews up to ten cups into a glass carafe that stays warm for two hours. Set the timer at night and wake up to fresh coffee.',
    price: 139.0,
    countInStock: 8,
  },
  {
    key: 'sunglasses',
    name: 'Trailmoss Horizon Polarised Sunglasses',
    image: imageOf('sunglasses'),
    brand: 'Trailmoss',
    category: ACCESSORIES,
    description:
      'Polarised lenses that cut glare on water and snow, in a light frame that stays put on a run. Full UV400 protection.',
    price: 59.0,
    countInStock: 0,
  },
  {
    key: 'water-bottle',
    name: 'Trailmoss Insulated Water Bottle 750 ml',
    image: imageOf('water-bottle'),
    brand: 'Trailmoss',
    category: OUTDOORS,
    description:
      'A double-walled steel bottle that keeps drinks cold for 24 hours or hot for 12. Leak-proof cap with a carry loop.',
    price: 24.99,
    countInStock: 55,
  },
  {
    key: 'e-reader',
    name: 'Lumina Page E-Reader',
    image: imageOf('e-reader'),
    brand: 'Lumina',
    category: ELECTRONICS,
    description:
      'A glare-free 7-inch paper-like screen with a warm front light for reading at night. Holds thousands of books and downloads new ones over a wireless connection.',
    price: 129.99,
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
