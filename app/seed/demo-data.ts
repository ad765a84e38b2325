import type { Insertable } from 'kysely'
import type { Database } from '~/platform/db/schema'

// The demo shop's content as plain data, so tests and the seed read the same numbers. The
// farm is invented; the town is real (Fairfield sits on the Camas Prairie, south of the
// Sawtooths). Money is integer cents.

export const DEMO_CATEGORIES = [
  'Beef Cuts',
  'Beef Shares',
  'Eggs',
  'Vegetable Boxes',
  'Pantry',
] as const

export type DemoCategory = (typeof DEMO_CATEGORIES)[number]

export type DemoVariant = { name: string; price_cents: number; stock_quantity: number }

export type DemoProduct = {
  name: string
  description: string
  category: DemoCategory
  price_cents: number
  unit: string
  image_url: string
  stock_quantity: number
  is_available: boolean
  next_available_date?: string
  expected_quantity?: number
  /** priced by weight (ADR 30): price_cents is per lb, a piece weighs about this much */
  sold_by_weight?: boolean
  average_weight_centi_lb?: number
  /** subscriptions (issue 21): 'weekly,biweekly,monthly' or a part; left out: one time only */
  subscription_frequencies?: string
  subscriber_discount_percent?: number
  /** months in season (issue 22), '5,6,7'; left out: sold all year */
  season_months?: string
  variants?: DemoVariant[]
}

export type DemoFarmInfo = Required<Omit<Insertable<Database['farm_info']>, 'id' | 'updated_at'>>

export type DemoTeamMember = {
  name: string
  title: string
  bio: string
  image_url: string
  is_active: boolean
  display_order: number
}

export type DemoFarmImage = {
  image_url: string
  alt_text: string
  caption: string
  display_order: number
}

const image = (file: string) => `/images/demo/${file}.svg`

export const demoFarmInfo: DemoFarmInfo = {
  name: 'Sawtooth Meadows Farm',
  description:
    'A family farm on the Camas Prairie near Fairfield, Idaho, raising 100% grass-fed beef, pasture-raised eggs and seasonal vegetables on land we have worked for three generations.',
  story: [
    "Tom's grandfather bought our first 160 acres in 1952, when the Camas Prairie was mostly sheep and seed potatoes. He ran a few dozen cows on the creek bottom and cut hay on the benches above it, and the old red barn he built still holds our winter hay.",
    'When Tom and Ruth took over in 2009, they sold the last of the feedlot steers and moved the whole herd onto grass. Today our cattle are rotated to fresh pasture every few days from May to November and eat our own hay through the snowy months; the land is greener, the creek runs clearer and the beef tastes like the meadows it came from.',
    'Our daughter Maggie came home from college with a plan for a market garden and a flock of laying hens that follow the cattle across the pasture. Now most of what we grow leaves the farm in boxes packed by the three of us, and we still like to meet the people who cook it.',
  ].join('\n\n'),
  mission:
    'To raise honest food on healthy grass, to leave our land better than we found it, and to know the families who eat what we grow.',
  contact_email: 'hello@sawtoothmeadows.example',
  contact_phone: '(208) 555-0142',
  address: '1480 Soldier Creek Road, Fairfield, ID 83327',
  facebook_url: 'https://www.facebook.com/sawtoothmeadowsfarm',
  instagram_url: 'https://www.instagram.com/sawtoothmeadowsfarm',
  logo_image_url: image('logo'),
  hero_image_url: image('home-hero'),
  story_image_url: image('story'),
  about_hero_image_url: image('about-hero'),
  about_practices_image_url: image('about-practices'),
  grass_fed_hero_image_url: image('grass-fed-hero'),
  grass_fed_story_image_url: image('grass-fed-story'),
  contact_hero_image_url: image('contact-hero'),
  shop_hero_image_url: image('shop-hero'),
  opening_hours: 'Mo-Sa 09:00-17:00',
  show_values_section: true,
  show_practices_section: true,
  show_team_section: true,
  show_visit_section: true,
  values_title: 'What We Stand For',
  practices_title: 'How We Farm',
  team_title: 'Meet the Halvorsens',
  visit_title: 'Come Visit the Farm',
  visit_description:
    'Our farm store is open Monday to Saturday, 9am to 5pm. Pick up your order, walk down to the pasture to see the herd, or join a Saturday farm tour at 10am or 2pm.',
  promise:
    'Everything we sell is raised on our own pasture and packed by our family. If anything is not right, tell us and we will make it right.',
}

const EVERY_FREQUENCY = 'weekly,biweekly,monthly'

// Featured products are the first three available ones by name, so the alphabetical head
// of this list (Beef Share, Bone-In Ribeye Steak, Butcher's Choice Beef Box) is deliberate.
// Seasons (issue 22) are Camas Prairie ones: garden boxes June to October, the root cellar and
// bone broth through the winter, eggs while the days are long; every month has something.
export const demoProducts: DemoProduct[] = [
  {
    name: 'Beef Share',
    description:
      'A quarter, half or whole steer from our grass-fed herd, cut to our standard butcher list, vacuum-sealed and frozen. The best price per pound we offer and a freezer full of steaks, roasts and ground beef.',
    category: 'Beef Shares',
    price_cents: 119500,
    unit: 'share',
    image_url: image('beef-share'),
    stock_quantity: 42,
    is_available: true,
    variants: [
      { name: 'Quarter Share', price_cents: 119500, stock_quantity: 20 },
      { name: 'Half Share', price_cents: 229500, stock_quantity: 12 },
      { name: 'Whole Share', price_cents: 439500, stock_quantity: 10 },
    ],
  },
  {
    name: 'Bone-In Ribeye Steak',
    description:
      'Our most marbled steak, cut an inch and a quarter thick with the rib bone left on for flavor. Dry-aged 21 days and made for a hot cast-iron pan.',
    category: 'Beef Cuts',
    price_cents: 2899,
    unit: 'lb',
    image_url: image('bone-in-ribeye-steak'),
    stock_quantity: 36,
    is_available: true,
    sold_by_weight: true,
    average_weight_centi_lb: 125,
  },
  {
    name: "Butcher's Choice Beef Box",
    description:
      'About 12 pounds of our favorite cuts: two steaks, a chuck roast, stew meat and five pounds of ground beef. A good way to try a little of everything before committing to a share.',
    category: 'Beef Shares',
    price_cents: 16900,
    unit: 'box',
    image_url: image('butchers-choice-beef-box'),
    stock_quantity: 18,
    is_available: true,
  },
  {
    name: 'Chuck Roast',
    description:
      'A well-marbled shoulder roast that turns fork-tender after a few slow hours in the oven. Sunday dinner with leftovers for sandwiches.',
    category: 'Beef Cuts',
    price_cents: 1199,
    unit: 'lb',
    image_url: image('chuck-roast'),
    stock_quantity: 22,
    is_available: true,
  },
  {
    name: 'Duck Eggs',
    description:
      'Big, rich eggs from our little flock of Khaki Campbell ducks, with deep orange yolks that bakers love. There are only a dozen ducks, so only a few cartons each week.',
    category: 'Eggs',
    price_cents: 900,
    unit: 'half dozen',
    image_url: image('duck-eggs'),
    stock_quantity: 3,
    is_available: true,
    season_months: '3,4,5,6,7,8',
  },
  {
    name: 'Family Beef Bundle',
    description:
      'Ten pounds of ground beef, two pounds of stew meat and a chuck roast: the everyday cuts a busy family goes through in a month.',
    category: 'Beef Shares',
    price_cents: 14900,
    unit: 'box',
    image_url: image('family-beef-bundle'),
    stock_quantity: 16,
    is_available: true,
  },
  {
    name: 'Filet Mignon',
    description:
      'The most tender cut on the animal, only two small tenderloins per steer, so they go fast. Join the waiting list and we will let you know when the next steers come back from the butcher.',
    category: 'Beef Cuts',
    price_cents: 3999,
    unit: 'lb',
    sold_by_weight: true,
    average_weight_centi_lb: 50,
    image_url: image('filet-mignon'),
    stock_quantity: 0,
    is_available: true,
    next_available_date: '2027-03-15',
    expected_quantity: 24,
  },
  {
    name: 'Grass-Fed Ground Beef',
    description:
      'Lean (85/15) ground beef from cattle that ate nothing but grass and hay. Packed in one-pound packages, perfect for burgers, tacos and weeknight meatballs.',
    category: 'Beef Cuts',
    price_cents: 899,
    unit: 'lb',
    image_url: image('grass-fed-ground-beef'),
    stock_quantity: 80,
    is_available: true,
  },
  {
    name: 'Huckleberry Jam',
    description:
      'Wild Idaho huckleberries picked in the hills above the farm each August and cooked in small batches with just enough sugar. Tart, purple and gone by spring.',
    category: 'Pantry',
    price_cents: 1100,
    unit: 'jar',
    image_url: image('huckleberry-jam'),
    stock_quantity: 30,
    is_available: true,
    season_months: '8,9,10,11,12',
  },
  {
    name: 'New York Strip Steak',
    description:
      'A firm, beefy steak with a strip of fat along one edge that crisps beautifully on the grill. Cut an inch thick and dry-aged 21 days.',
    category: 'Beef Cuts',
    price_cents: 2499,
    unit: 'lb',
    image_url: image('new-york-strip-steak'),
    stock_quantity: 28,
    is_available: true,
    sold_by_weight: true,
    average_weight_centi_lb: 85,
  },
  {
    name: 'Pasture-Raised Eggs',
    description:
      'Brown and cream eggs from hens that range behind the cattle in their mobile coop, scratching through the pasture for bugs and seeds. Collected every morning.',
    category: 'Eggs',
    price_cents: 700,
    unit: 'dozen',
    image_url: image('pasture-raised-eggs'),
    stock_quantity: 72,
    is_available: true,
    season_months: '3,4,5,6,7,8,9,10',
    subscription_frequencies: EVERY_FREQUENCY,
    subscriber_discount_percent: 5,
    variants: [
      { name: 'Dozen', price_cents: 700, stock_quantity: 48 },
      { name: 'Half Dozen', price_cents: 400, stock_quantity: 24 },
    ],
  },
  {
    name: 'Peppered Beef Jerky',
    description:
      'Thin-sliced top round, marinated overnight and smoked low with cracked black pepper. No nitrates, no corn syrup, just good beef for the trail.',
    category: 'Pantry',
    price_cents: 1299,
    unit: 'bag',
    image_url: image('peppered-beef-jerky'),
    stock_quantity: 45,
    is_available: true,
  },
  {
    // Sold from one animal's quarters (ADR 31): seed/demo-shares.server.ts puts Steer #14 on
    // sale through it, which makes the options' stock 4, 2 and 1.
    name: 'Reserve a Beef Share',
    description:
      'Reserve a quarter, half or whole of Steer #14 with a deposit. Once the butcher has weighed him we email the balance: your share of the hanging weight at $4.95/lb plus $125 processing per quarter, less your deposit. You choose the cuts on your cut sheet.',
    category: 'Beef Shares',
    price_cents: 30000,
    unit: 'share',
    image_url: image('beef-share'),
    stock_quantity: 7,
    is_available: true,
    variants: [
      { name: 'Quarter Share', price_cents: 30000, stock_quantity: 4 },
      { name: 'Half Share', price_cents: 60000, stock_quantity: 2 },
      { name: 'Whole Share', price_cents: 120000, stock_quantity: 1 },
    ],
  },
  {
    name: 'Rich Beef Bone Broth',
    description:
      'Marrow and knuckle bones simmered for 24 hours with our own onions and carrots. Sip it warm on a cold morning or use it as the base for soup.',
    category: 'Pantry',
    price_cents: 1200,
    unit: 'jar',
    image_url: image('rich-beef-bone-broth'),
    stock_quantity: 40,
    is_available: true,
    season_months: '1,2,3,10,11,12',
  },
  {
    name: 'Root Cellar Box',
    description:
      'Idaho russets, red beets, carrots and storage onions from our cellar, about 15 pounds in all. Keeps for weeks in a cool pantry.',
    category: 'Vegetable Boxes',
    price_cents: 3200,
    unit: 'box',
    image_url: image('root-cellar-box'),
    stock_quantity: 15,
    is_available: true,
    season_months: '1,2,3,10,11,12',
  },
  {
    name: 'Short Ribs',
    description:
      'Meaty bone-in short ribs cut from the chuck, ready for a long braise in red wine or a slow afternoon in the smoker.',
    category: 'Beef Cuts',
    price_cents: 1399,
    unit: 'lb',
    image_url: image('short-ribs'),
    stock_quantity: 20,
    is_available: true,
  },
  {
    name: 'Summer Salad Box',
    description:
      'Three kinds of lettuce, French breakfast radishes and a pint of sweet cherry tomatoes, picked the morning it ships.',
    category: 'Vegetable Boxes',
    // The small vegetable box's price, so a subscriber can swap one for the other.
    price_cents: 2800,
    unit: 'box',
    image_url: image('summer-salad-box'),
    stock_quantity: 20,
    is_available: true,
    season_months: '6,7,8,9',
    subscription_frequencies: EVERY_FREQUENCY,
    subscriber_discount_percent: 10,
  },
  {
    name: 'Weekly Vegetable Box',
    description:
      'Whatever is best in the garden this week, from snap peas in June to squash in October. The small box feeds two; the family box feeds four with some left over.',
    category: 'Vegetable Boxes',
    price_cents: 2800,
    unit: 'box',
    image_url: image('weekly-vegetable-box'),
    stock_quantity: 30,
    is_available: true,
    season_months: '6,7,8,9,10',
    subscription_frequencies: EVERY_FREQUENCY,
    subscriber_discount_percent: 10,
    variants: [
      { name: 'Small Box', price_cents: 2800, stock_quantity: 18 },
      { name: 'Family Box', price_cents: 4200, stock_quantity: 12 },
    ],
  },
  {
    name: 'Whole Packer Brisket',
    description:
      'A full brisket with both the flat and the point, 10 to 14 pounds, trimmed and ready for your smoker. Grass-fed brisket cooks a little faster, so pull it early.',
    category: 'Beef Cuts',
    price_cents: 1149,
    unit: 'lb',
    image_url: image('whole-packer-brisket'),
    stock_quantity: 12,
    is_available: true,
  },
  {
    name: 'Wildflower Honey',
    description:
      'Raw, unfiltered honey from the hives at the edge of our hay meadows, where the bees work clover, alfalfa and camas lilies. Light, floral and lovely in tea.',
    category: 'Pantry',
    price_cents: 1400,
    unit: 'jar',
    image_url: image('wildflower-honey'),
    stock_quantity: 35,
    is_available: true,
    season_months: '8,9,10,11',
  },
]

export const demoTeamMembers: DemoTeamMember[] = [
  {
    name: 'Tom Halvorsen',
    title: 'Rancher & Co-owner',
    bio: 'Tom grew up on this farm and moved the herd to grass in 2009. You will find him out on the pasture before sunrise, moving fences and checking water.',
    image_url: image('team-tom-halvorsen'),
    is_active: true,
    display_order: 1,
  },
  {
    name: 'Ruth Halvorsen',
    title: 'Co-owner & Farm Store Manager',
    bio: 'Ruth keeps the books, runs the farm store and answers most of your emails. She also makes every jar of huckleberry jam we sell.',
    image_url: image('team-ruth-halvorsen'),
    is_active: true,
    display_order: 2,
  },
  {
    name: 'Maggie Halvorsen',
    title: 'Market Garden & Laying Flock',
    bio: 'Maggie studied soil science at the University of Idaho and came home to start the market garden. She raises the hens and ducks and packs the vegetable boxes.',
    image_url: image('team-maggie-halvorsen'),
    is_active: true,
    display_order: 3,
  },
  {
    name: 'Luis Ortega',
    title: 'Seasonal Farmhand',
    bio: 'Luis helped us through three haying seasons and built the mobile hen house. He is off studying agricultural engineering in Moscow this year.',
    image_url: image('team-luis-ortega'),
    is_active: false,
    display_order: 4,
  },
]

export const demoFarmImages: DemoFarmImage[] = [
  {
    image_url: image('gallery-morning-pasture'),
    alt_text: 'Morning mist over the lower pasture with cattle grazing',
    caption: 'Early light on the lower pasture along Soldier Creek.',
    display_order: 1,
  },
  {
    image_url: image('gallery-hen-house'),
    alt_text: 'Hens scratching around the mobile hen house',
    caption: 'The hens follow the cattle, spreading manure and eating fly larvae.',
    display_order: 2,
  },
  {
    image_url: image('gallery-market-garden'),
    alt_text: 'Rows of lettuce, cabbage and beets in the market garden',
    caption: "Maggie's market garden in midsummer.",
    display_order: 3,
  },
  {
    image_url: image('gallery-winter-hay'),
    alt_text: 'Cattle eating hay from round bales on a snowy morning',
    caption: 'Winter feeding with our own hay from the upper meadows.',
    display_order: 4,
  },
]

// How the demo farm sells (issue 16 item 7): pickup at the farm on Thursday afternoons and
// Saturday mornings, at the Boise market on Saturdays, and a Wednesday evening delivery run.
// Times are the farm's wall clock; weekday 0 = Sunday.

type DemoWindow = {
  weekday: number
  start_time: string
  end_time: string
  capacity?: number
  cutoff_hours?: number
  cutoff_days_before?: number
  cutoff_time?: string
}

const mapSearch = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`

export const demoFarmPickup = {
  name: 'Sawtooth Meadows Farm',
  address: demoFarmInfo.address,
  instructions:
    'Drive past the house to the red barn. Your order waits in the cooler on the left, with your name on it.',
  map_url: mapSearch(demoFarmInfo.address),
  windows: [
    { weekday: 4, start_time: '15:00', end_time: '18:00', cutoff_hours: 24 },
    { weekday: 6, start_time: '09:00', end_time: '12:00', cutoff_hours: 24 },
  ] as DemoWindow[],
}

export const demoMarketPickup = {
  name: 'Boise Farmers Market',
  address: '1500 W Shoreline Dr, Boise, ID 83702',
  instructions: 'Find our tent by the river path, under the green Sawtooth Meadows banner.',
  map_url: mapSearch('1500 W Shoreline Dr, Boise, ID 83702'),
  windows: [
    // Orders close on Thursday at 8 pm, so the cooler can be packed on Friday.
    {
      weekday: 6,
      start_time: '08:00',
      end_time: '12:00',
      capacity: 30,
      cutoff_days_before: 2,
      cutoff_time: '20:00',
    },
  ] as DemoWindow[],
}

export const demoDeliveryZone = {
  name: 'Boise local delivery',
  zip_codes: '83702-83706',
  fee_cents: 700,
  free_over_cents: 7500,
  minimum_cents: 3000,
  days: [
    {
      weekday: 3,
      start_time: '16:00',
      end_time: '20:00',
      cutoff_days_before: 2,
      cutoff_time: '20:00',
    },
  ] as DemoWindow[],
}

/** Frozen beef and fresh eggs go out by pickup or local delivery only. */
export const DEMO_LOCAL_ONLY_CATEGORIES: readonly DemoCategory[] = [
  'Beef Cuts',
  'Beef Shares',
  'Eggs',
]

/** Regular customers of the demo farm; they have no password, so nobody can sign in as them. */
export const demoCustomers = [
  {
    first_name: 'Maria',
    last_name: 'Lopez',
    email: 'maria.lopez@example.com',
    phone: '208-555-0111',
  },
  {
    first_name: 'Dan',
    last_name: 'Whitaker',
    email: 'dan.whitaker@example.com',
    phone: '208-555-0112',
  },
  {
    first_name: 'Priya',
    last_name: 'Shah',
    email: 'priya.shah@example.com',
    phone: '208-555-0113',
  },
  {
    first_name: 'Jake',
    last_name: 'Nielsen',
    email: 'jake.nielsen@example.com',
    phone: '208-555-0114',
  },
  {
    first_name: 'Hannah',
    last_name: 'Cole',
    email: 'hannah.cole@example.com',
    phone: '208-555-0115',
  },
  {
    first_name: 'Sam',
    last_name: 'Okafor',
    email: 'sam.okafor@example.com',
    phone: '208-555-0116',
  },
]

type DemoOrder = {
  /** index into demoCustomers */
  customer: number
  where: 'farm' | 'market' | 'delivery'
  status: string
  paidByCard?: boolean
  /** weeks before the next window: a finished order */
  past?: number
  address?: { street: string; zip: string }
  items: Array<{ product: string; variant?: string; quantity: number }>
}

export const demoOrders: DemoOrder[] = [
  // Steaks priced by weight, paid at pickup: the pack list asks for each piece's weight.
  {
    customer: 2,
    where: 'farm',
    status: 'pending_payment',
    items: [
      { product: 'Bone-In Ribeye Steak', quantity: 2 },
      { product: 'New York Strip Steak', quantity: 1 },
      { product: 'Huckleberry Jam', quantity: 1 },
    ],
  },
  {
    customer: 0,
    where: 'farm',
    status: 'pending_payment',
    items: [
      { product: 'Pasture-Raised Eggs', variant: 'Dozen', quantity: 2 },
      { product: 'Grass-Fed Ground Beef', quantity: 3 },
    ],
  },
  {
    customer: 1,
    where: 'farm',
    status: 'paid',
    paidByCard: true,
    items: [
      { product: 'Bone-In Ribeye Steak', quantity: 2 },
      { product: 'Weekly Vegetable Box', variant: 'Family Box', quantity: 1 },
    ],
  },
  {
    customer: 2,
    where: 'farm',
    status: 'pending_payment',
    items: [
      { product: 'Weekly Vegetable Box', variant: 'Small Box', quantity: 1 },
      { product: 'Pasture-Raised Eggs', variant: 'Half Dozen', quantity: 1 },
      { product: 'Wildflower Honey', quantity: 1 },
    ],
  },
  {
    customer: 3,
    where: 'farm',
    status: 'processing',
    paidByCard: true,
    items: [{ product: 'Beef Share', variant: 'Quarter Share', quantity: 1 }],
  },
  {
    customer: 4,
    where: 'market',
    status: 'pending_payment',
    items: [
      { product: 'Pasture-Raised Eggs', variant: 'Dozen', quantity: 1 },
      { product: 'Summer Salad Box', quantity: 1 },
    ],
  },
  {
    customer: 5,
    where: 'market',
    status: 'paid',
    paidByCard: true,
    items: [
      { product: 'New York Strip Steak', quantity: 2 },
      { product: 'Huckleberry Jam', quantity: 2 },
    ],
  },
  {
    customer: 0,
    where: 'market',
    status: 'pending_payment',
    items: [{ product: 'Root Cellar Box', quantity: 1 }],
  },
  {
    customer: 2,
    where: 'delivery',
    status: 'pending_payment',
    address: { street: '611 N 9th St', zip: '83702' },
    items: [
      { product: 'Weekly Vegetable Box', variant: 'Family Box', quantity: 1 },
      { product: 'Pasture-Raised Eggs', variant: 'Dozen', quantity: 2 },
    ],
  },
  {
    customer: 4,
    where: 'delivery',
    status: 'paid',
    paidByCard: true,
    address: { street: '2204 W Bannock St', zip: '83705' },
    items: [
      { product: "Butcher's Choice Beef Box", quantity: 1 },
      { product: 'Rich Beef Bone Broth', quantity: 2 },
    ],
  },
  {
    customer: 1,
    where: 'farm',
    status: 'completed',
    past: 1,
    items: [
      { product: 'Chuck Roast', quantity: 1 },
      { product: 'Pasture-Raised Eggs', variant: 'Dozen', quantity: 1 },
    ],
  },
  {
    customer: 3,
    where: 'market',
    status: 'completed',
    paidByCard: true,
    past: 1,
    items: [{ product: 'Family Beef Bundle', quantity: 1 }],
  },
  {
    customer: 5,
    where: 'farm',
    status: 'completed',
    past: 2,
    items: [
      { product: 'Short Ribs', quantity: 2 },
      { product: 'Weekly Vegetable Box', variant: 'Small Box', quantity: 1 },
    ],
  },
]

// Subscribers (issue 21): veg boxes and eggs on the demo windows, paid at pickup. Their next
// boxes fall in the coming weeks from the moment of seeding (each one's `box`: 0 = the first
// box whose changes are still open a day ahead, 1 = the one after), so the admin list, the
// dashboard and This week's subscription boxes show real work on a fresh install. They take
// small boxes and eggs, of which there are plenty: the storefront tests count on the family
// box's 12 and the duck eggs' 3 all being for sale.

type DemoSubscription = {
  /** index into demoCustomers */
  customer: number
  where: 'farm' | 'market' | 'delivery'
  /** the place's window on this weekday (0 = Sunday) */
  weekday: number
  frequency: 'weekly' | 'biweekly' | 'monthly'
  status: 'active' | 'paused' | 'cancelled'
  box: 0 | 1
  /** paused: for this many weeks after the next box (which is skipped) */
  pausedWeeks?: number
  /** the box before the next one was skipped */
  skippedLast?: boolean
  address?: { street: string; zip: string }
  items: Array<{ product: string; variant?: string; quantity: number }>
}

export const demoSubscriptions: DemoSubscription[] = [
  {
    customer: 0,
    where: 'farm',
    weekday: 4,
    frequency: 'weekly',
    status: 'active',
    box: 0,
    skippedLast: true,
    items: [
      { product: 'Weekly Vegetable Box', variant: 'Small Box', quantity: 1 },
      { product: 'Pasture-Raised Eggs', variant: 'Dozen', quantity: 1 },
    ],
  },
  {
    customer: 1,
    where: 'delivery',
    weekday: 3,
    frequency: 'biweekly',
    status: 'active',
    box: 0,
    address: { street: '418 N 9th St', zip: '83702' },
    items: [
      { product: 'Weekly Vegetable Box', variant: 'Small Box', quantity: 1 },
      { product: 'Pasture-Raised Eggs', variant: 'Dozen', quantity: 1 },
    ],
  },
  {
    customer: 2,
    where: 'market',
    weekday: 6,
    frequency: 'weekly',
    status: 'active',
    box: 0,
    items: [{ product: 'Pasture-Raised Eggs', variant: 'Dozen', quantity: 2 }],
  },
  {
    customer: 5,
    where: 'farm',
    weekday: 6,
    frequency: 'monthly',
    status: 'active',
    box: 1,
    items: [
      { product: 'Summer Salad Box', quantity: 1 },
      { product: 'Pasture-Raised Eggs', variant: 'Half Dozen', quantity: 1 },
    ],
  },
  {
    customer: 3,
    where: 'farm',
    weekday: 6,
    frequency: 'weekly',
    status: 'paused',
    box: 0,
    pausedWeeks: 3,
    items: [{ product: 'Weekly Vegetable Box', variant: 'Small Box', quantity: 1 }],
  },
  {
    customer: 4,
    where: 'farm',
    weekday: 4,
    frequency: 'biweekly',
    status: 'cancelled',
    box: 1,
    items: [{ product: 'Summer Salad Box', quantity: 1 }],
  },
]
