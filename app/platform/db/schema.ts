import type { Generated } from 'kysely'

/**
 * The data model as one runtime description. Kysely's table types are derived from it, the
 * SQLite driver uses it to turn 0/1 and ISO strings back into booleans and Dates, and the
 * drift test compares it with what the migrations actually built on both databases.
 * Migrations stay hand-written and frozen; this file says what they must add up to.
 */

export type ColumnKind = 'text' | 'int' | 'bigint' | 'bool' | 'timestamp' | 'date' | 'blob'

export type Column = { kind: ColumnKind; nullable: boolean; hasDefault: boolean }

type Col<K extends ColumnKind, N extends boolean = false, D extends boolean = false> = {
  kind: K
  nullable: N
  hasDefault: D
}

function column<K extends ColumnKind>(kind: K) {
  const required: Col<K> = { kind, nullable: false, hasDefault: false }
  return {
    ...required,
    optional: (): Col<K, true> => ({ kind, nullable: true, hasDefault: false }),
    withDefault: (): Col<K, false, true> => ({ kind, nullable: false, hasDefault: true }),
  }
}

const text = () => column('text')
const int = () => column('int')
const bool = () => column('bool')
const timestamp = () => column('timestamp')
/** A calendar day as 'YYYY-MM-DD' (no time zone games). */
const date = () => column('date')
const blob = () => column('blob')

const createdAt = () => timestamp().withDefault()

export const schema = {
  // better-auth's tables; customers is its user table (ADR 4)
  customers: {
    id: text(),
    name: text(),
    email: text(),
    email_verified: bool().withDefault(),
    image: text().optional(),
    first_name: text(),
    last_name: text(),
    phone: text().optional(),
    is_admin: bool().withDefault(),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  sessions: {
    id: text(),
    user_id: text(),
    token: text(),
    expires_at: timestamp(),
    ip_address: text().optional(),
    user_agent: text().optional(),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  accounts: {
    id: text(),
    user_id: text(),
    account_id: text(),
    provider_id: text(),
    access_token: text().optional(),
    refresh_token: text().optional(),
    id_token: text().optional(),
    access_token_expires_at: timestamp().optional(),
    refresh_token_expires_at: timestamp().optional(),
    scope: text().optional(),
    password: text().optional(),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  verifications: {
    id: text(),
    identifier: text(),
    value: text(),
    expires_at: timestamp(),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  rate_limits: {
    key: text(),
    count: int(),
    window_started_at: timestamp(),
  },

  addresses: {
    id: text(),
    customer_id: text(),
    first_name: text(),
    last_name: text(),
    street: text(),
    apartment: text().optional(),
    city: text(),
    state: text(),
    zip_code: text(),
    phone: text().optional(),
    is_default: bool().withDefault(),
    created_at: createdAt(),
  },

  products: {
    id: text(),
    name: text(),
    description: text(),
    category: text(),
    price_cents: int(),
    image_url: text().optional(),
    stock_quantity: int().withDefault(),
    is_available: bool().withDefault(),
    unit: text(),
    next_available_date: date().optional(),
    expected_quantity: int().optional(),
    archived_at: timestamp().optional(),
    created_at: createdAt(),
    updated_at: createdAt(),
    /** Pickup or local delivery only (frozen beef, eggs): a cart holding one cannot ship */
    local_only: bool().withDefault(),
    // Stock holds (issue 20 part 3, ADR 29; migration 0014)
    /** Units held for the waiting list; others may buy stock_quantity - held_quantity */
    held_quantity: int().withDefault(),
    // Priced by weight (ADR 30; migration 0015): price_cents is then the price per lb
    sold_by_weight: bool().withDefault(),
    /** hundredths of a lb per piece (1.10 lb = 110); set when sold by weight */
    average_weight_centi_lb: int().optional(),
    // Subscriptions (issue 21, ADR 32; migration 0017)
    /** 'weekly,biweekly,monthly' or a part of it; '' = not subscribable */
    subscription_frequencies: text().withDefault(),
    /** whole percent off each subscribed box, 0-50 */
    subscriber_discount_percent: int().withDefault(),
    /** the coming cycle's subscription demand: one-time shoppers may buy stock - held - reserved */
    reserved_quantity: int().withDefault(),
    // In season (issue 22; migration 0019)
    /** month numbers 1-12 joined by commas ('5,6,7'); '' = not seasonal */
    season_months: text().withDefault(),
  },
  product_variants: {
    id: text(),
    product_id: text(),
    name: text(),
    price_cents: int(),
    stock_quantity: int().withDefault(),
    is_available: bool().withDefault(),
    created_at: createdAt(),
    // Stock holds (issue 20 part 3, ADR 29; migration 0014)
    /** Units held for the waiting list; others may buy stock_quantity - held_quantity */
    held_quantity: int().withDefault(),
    // Priced by weight (ADR 30; migration 0015), as on products
    sold_by_weight: bool().withDefault(),
    average_weight_centi_lb: int().optional(),
    /** Beef shares (ADR 31): quarters of the animal's pool this option takes; null = own stock */
    share_units: int().optional(),
    // Subscriptions (issue 21, ADR 32; migration 0017)
    /** offered for subscribing when its product is subscribable */
    subscribable: bool().withDefault(),
    /** the coming cycle's subscription demand, as on products */
    reserved_quantity: int().withDefault(),
  },
  waiting_list: {
    id: text(),
    customer_id: text(),
    product_id: text(),
    product_variant_id: text().optional(),
    quantity: int(),
    notify_by_email: bool().withDefault(),
    status: text().withDefault(),
    created_at: createdAt(),
    notified_at: timestamp().optional(),
  },

  carts: {
    id: text(),
    customer_id: text().optional(),
    promo_code: text().optional(),
    created_at: createdAt(),
    /** Set by every change; a guest cart unchanged for 30 days is deleted (issue 31; migration 0023) */
    updated_at: createdAt(),
  },
  cart_lines: {
    id: text(),
    cart_id: text(),
    product_id: text(),
    product_variant_id: text().optional(),
    quantity: int(),
    created_at: createdAt(),
    // Stock holds (issue 20 part 3, ADR 29; migration 0014)
    /** The waiting-list hold this line was claimed with: its order takes the held units */
    stock_hold_id: text().optional(),
    /** Subscriptions (ADR 32): 'weekly' | 'biweekly' | 'monthly'; null = a one-time line */
    subscription_frequency: text().optional(),
  },

  orders: {
    id: text(),
    order_number: int(),
    customer_id: text(),
    idempotency_key: text(),
    status: text(),
    email: text(),
    phone: text(),
    subtotal_cents: int(),
    discount_cents: int(),
    shipping_cents: int(),
    tax_cents: int(),
    total_cents: int(),
    tax_rate_basis_points: int(),
    promo_code: text().optional(),
    shipping_method: text(),
    ship_first_name: text(),
    ship_last_name: text(),
    ship_street: text(),
    ship_apartment: text().optional(),
    ship_city: text(),
    ship_state: text(),
    ship_zip_code: text(),
    payment_method: text(),
    payment_status: text(),
    payment_reference: text().optional(),
    tracking_number: text().optional(),
    created_at: createdAt(),
    updated_at: createdAt(),
    /** Who carries a shipped order ("USPS"); set with tracking_number */
    carrier: text().optional(),
    // Where and when a pickup or local delivery happens, copied from the window at ordering
    // (ADR 18): editing a place later never changes what the customer was told.
    fulfilment_window_id: text().optional(),
    fulfilment_date: date().optional(),
    /** 'HH:MM' on the farm's clock */
    fulfilment_start: text().optional(),
    fulfilment_end: text().optional(),
    /** the pickup place's or the delivery zone's name */
    fulfilment_place: text().optional(),
    fulfilment_address: text().optional(),
    fulfilment_instructions: text().optional(),
    fulfilment_map_url: text().optional(),
    /** packed and waiting; set from the pack list, independent of payment */
    packed_at: timestamp().optional(),
    /** the day-before reminder was queued (claimed once, whichever instance gets there) */
    reminder_sent_at: timestamp().optional(),
    // Priced by weight (ADR 30; migration 0015)
    /** the most the order can cost (estimate + tolerance per by-weight line); null: none */
    authorised_cents: int().optional(),
    /** every piece weighed and the total recomputed from the weights */
    weighed_at: timestamp().optional(),
    /** the card payment to capture at weighing: Stripe's PaymentIntent id */
    authorization_reference: text().optional(),
    captured_cents: int().optional(),
    // Card holds (issue 31 item 6; migration 0022)
    /** when the hold in authorization_reference was placed: at checkout or by a renewal */
    hold_authorised_at: timestamp().optional(),
    /** a sweep is renewing the hold (stale after a few minutes) */
    hold_renewal_claimed_at: timestamp().optional(),
    /** the hold could not be renewed (no saved card, or declined): it lapses */
    hold_renewal_failed_at: timestamp().optional(),
  },
  order_items: {
    id: text(),
    order_id: text(),
    product_id: text().optional(),
    product_variant_id: text().optional(),
    product_name: text(),
    variant_name: text().optional(),
    image_url: text().optional(),
    unit_price_cents: int(),
    quantity: int(),
    line_total_cents: int(),
    /** the product's unit when sold ("lb", "dozen"); null for orders before it was kept */
    unit: text().optional(),
    // Priced by weight (ADR 30; migration 0015): what the shopper was shown at ordering
    sold_by_weight: bool().withDefault(),
    price_per_lb_cents: int().optional(),
    /** per piece: round(price per lb x average / 100) */
    estimated_cents: int().optional(),
    average_weight_centi_lb: int().optional(),
  },
  /** Named counters taken inside transactions; 'order_number' numbers orders (ADR 11) */
  counters: {
    name: text(),
    value: int(),
  },
  promo_codes: {
    id: text(),
    code: text(),
    discount_type: text(),
    discount_value: int(),
    min_subtotal_cents: int().withDefault(),
    starts_at: timestamp().optional(),
    ends_at: timestamp().optional(),
    usage_limit: int().optional(),
    times_used: int().withDefault(),
    is_active: bool().withDefault(),
    created_at: createdAt(),
  },

  // Fulfilment (issue 16, ADR 18; migration 0008)
  pickup_places: {
    id: text(),
    name: text(),
    address: text(),
    instructions: text().withDefault(),
    map_url: text().optional(),
    is_active: bool().withDefault(),
    display_order: int().withDefault(),
    created_at: createdAt(),
  },
  delivery_zones: {
    id: text(),
    name: text(),
    zip_codes: text(),
    fee_cents: int(),
    free_over_cents: int().optional(),
    minimum_cents: int().withDefault(),
    is_active: bool().withDefault(),
    display_order: int().withDefault(),
    created_at: createdAt(),
  },
  /** A place's pickup window or a zone's delivery day: weekly (weekday 0 = Sunday) or one-off */
  fulfilment_windows: {
    id: text(),
    place_id: text().optional(),
    zone_id: text().optional(),
    weekday: int().optional(),
    on_date: date().optional(),
    start_time: text(),
    end_time: text(),
    capacity: int().optional(),
    cutoff_hours: int().optional(),
    cutoff_days_before: int().optional(),
    cutoff_time: text().optional(),
    is_active: bool().withDefault(),
    /** set for a beef share animal's own pickup window (migration 0024): only its shares use it */
    animal_id: text().optional(),
    created_at: createdAt(),
  },
  /** Holidays: the whole farm (no place, no zone), or one place or zone */
  /** A policy page the farm has edited; the others show app/policies' default text */
  policies: {
    slug: text(),
    body: text(),
    updated_by: text().optional(),
    updated_at: createdAt(),
  },
  closed_dates: {
    id: text(),
    on_date: date(),
    note: text().withDefault(),
    place_id: text().optional(),
    zone_id: text().optional(),
    created_at: createdAt(),
  },
  /** Orders taken per window and date; the capacity check is one conditional UPDATE */
  fulfilment_bookings: {
    window_id: text(),
    on_date: date(),
    booked: int().withDefault(),
  },

  settings: {
    id: int(),
    tax_rate_basis_points: int(),
    standard_shipping_cents: int(),
    express_shipping_cents: int(),
    pickup_shipping_cents: int(),
    free_shipping_threshold_cents: int(),
    states_offered: text(),
    updated_at: createdAt(),
    // Stock holds (issue 20 part 3, ADR 29; migration 0014)
    /** How long a waiting-list hold lasts, 1..168 */
    hold_hours: int().withDefault(),
    /** how far above the estimate a by-weight line may come out, 0..50 (ADR 30) */
    weight_tolerance_percent: int().withDefault(),
  },
  farm_info: {
    id: int(),
    name: text(),
    description: text(),
    story: text(),
    mission: text(),
    contact_email: text(),
    contact_phone: text(),
    address: text(),
    facebook_url: text().optional(),
    instagram_url: text().optional(),
    logo_image_url: text().optional(),
    hero_image_url: text().optional(),
    story_image_url: text().optional(),
    about_hero_image_url: text().optional(),
    about_practices_image_url: text().optional(),
    grass_fed_hero_image_url: text().optional(),
    grass_fed_story_image_url: text().optional(),
    // Each page its own banner (issue 22; migration 0019)
    contact_hero_image_url: text().optional(),
    shop_hero_image_url: text().optional(),
    /** schema.org openingHours, e.g. "Mo-Sa 09:00-17:00": the one source for text and JSON-LD */
    opening_hours: text(),
    show_values_section: bool().withDefault(),
    show_practices_section: bool().withDefault(),
    show_team_section: bool().withDefault(),
    show_visit_section: bool().withDefault(),
    values_title: text(),
    practices_title: text(),
    team_title: text(),
    visit_title: text(),
    visit_description: text(),
    updated_at: createdAt(),
    /** the farm's short promise on every product page (issue 22; migration 0018) */
    promise: text().optional(),
  },
  // A product's pictures in order (issue 22; migration 0018); products.image_url is the first.
  product_images: {
    id: text(),
    product_id: text(),
    image_url: text(),
    alt_text: text(),
    position: int(),
    created_at: createdAt(),
  },
  farm_images: {
    id: text(),
    image_url: text(),
    alt_text: text(),
    caption: text().optional(),
    display_order: int().withDefault(),
    created_at: createdAt(),
  },
  team_members: {
    id: text(),
    name: text(),
    title: text(),
    bio: text().optional(),
    image_url: text().optional(),
    is_active: bool().withDefault(),
    display_order: int().withDefault(),
    created_at: createdAt(),
  },
  contact_submissions: {
    id: text(),
    name: text(),
    email: text(),
    phone: text().optional(),
    subject: text(),
    message: text(),
    status: text().withDefault(),
    created_at: createdAt(),
  },
  newsletter_subscribers: {
    id: text(),
    email: text(),
    status: text().withDefault(),
    token: text(),
    created_at: createdAt(),
    confirmed_at: timestamp().optional(),
    unsubscribed_at: timestamp().optional(),
  },

  email_outbox: {
    id: text(),
    to_address: text(),
    subject: text(),
    text_body: text(),
    html_body: text().optional(),
    status: text().withDefault(),
    attempts: int().withDefault(),
    last_error: text().optional(),
    send_after: timestamp().withDefault(),
    sent_at: timestamp().optional(),
    created_at: createdAt(),
    /** When a worker took the row ('sending'); null in every other status (ADR 5) */
    claimed_at: timestamp().optional(),
    /** Which template made the email, e.g. 'password-reset'; null for one-off mails */
    template: text().optional(),
    /** JSON [{ filename, contentType, content }] (content as text), e.g. a calendar entry */
    attachments: text().optional(),
  },
  /** An image's source; variants are rendered from it on demand (ADR 6) */
  images: {
    id: text(),
    alt_text: text(),
    original_name: text().optional(),
    /** MIME type of source_bytes: image/webp for uploads (normalised), image/svg+xml for demo art */
    source_type: text(),
    source_bytes: blob(),
    /** sha256 of source_bytes, hex; its first 8 characters version the variant URLs */
    content_hash: text(),
    width: int(),
    height: int(),
    created_at: createdAt(),
  },
  /** Rendered variants, a cache: one row per (image_id, format, width), made once per database */
  image_variants: {
    id: text(),
    image_id: text(),
    format: text(),
    width: int(),
    height: int(),
    bytes: blob(),
  },
  audit_log: {
    id: text(),
    actor_id: text().optional(),
    action: text(),
    entity_type: text(),
    entity_id: text().optional(),
    details: text().optional(),
    created_at: createdAt(),
  },
  error_reports: {
    id: text(),
    level: text(),
    message: text(),
    stack_trace: text().optional(),
    context: text().optional(),
    url: text().optional(),
    user_agent: text().optional(),
    customer_id: text().optional(),
    created_at: createdAt(),
  },

  // Stock holds (issue 20 part 3, ADR 29; migration 0014)
  /** Units set aside for one waiting-list entry until expires_at (a fair waiting list) */
  stock_holds: {
    id: text(),
    waiting_list_id: text(),
    product_id: text(),
    product_variant_id: text().optional(),
    quantity: int(),
    /** sha256 (hex) of the token in the email's claim and decline links */
    token_hash: text(),
    /** 'held' | 'claimed' | 'expired' | 'declined' */
    status: text().withDefault(),
    expires_at: timestamp(),
    created_at: createdAt(),
    /** when it stopped being 'held' */
    settled_at: timestamp().optional(),
    /** the order that bought the held units ('claimed') */
    order_id: text().optional(),
  },

  /** Each by-weight piece's weight as packed (ADR 30; migration 0015) */
  order_item_weights: {
    order_item_id: text(),
    piece: int(),
    weight_centi_lb: int(),
  },

  // Beef shares (issue 20 part 2, ADR 31; migration 0016)
  /** One animal sold in shares: its quarters are one pool all share sizes draw from */
  animals: {
    id: text(),
    name: text(),
    product_id: text(),
    units_total: int(),
    units_left: int(),
    /** hundredths of a pound; null until the butcher weighs the carcass */
    hanging_weight_centi_lb: int().optional(),
    price_per_lb_hanging_cents: int(),
    /** per quarter */
    processing_fee_cents: int(),
    cut_sheet_cutoff: date(),
    pickup_date: date(),
    weighed_at: timestamp().optional(),
    created_at: createdAt(),
  },
  /** One share bought (an order item): deposit, balance and the customer's cut sheet */
  share_orders: {
    id: text(),
    token: text(),
    order_id: text(),
    order_item_id: text(),
    animal_id: text(),
    customer_id: text(),
    share_units: int(),
    deposit_cents: int(),
    balance_cents: int().optional(),
    /** the sales tax billed with the balance (migration 0024); owed = balance + this */
    balance_tax_cents: int().optional(),
    /** 'unpaid' | 'paid' | 'pay_at_pickup' */
    balance_status: text().withDefault(),
    balance_reference: text().optional(),
    balance_paid_at: timestamp().optional(),
    /** JSON of shares/cut-sheet.ts's CutSheet */
    cut_sheet: text().optional(),
    cut_sheet_updated_at: timestamp().optional(),
    cancelled_at: timestamp().optional(),
    created_at: createdAt(),
  },

  // Subscriptions (issue 21, ADR 32; migration 0017)
  /** A recurring box: items, how often, which weekly window, how it is paid, the next date */
  subscriptions: {
    id: text(),
    customer_id: text(),
    /** 'pending' (card not saved yet) | 'active' | 'paused' | 'cancelled' */
    status: text().withDefault(),
    /** 'weekly' | 'biweekly' | 'monthly' */
    frequency: text(),
    window_id: text(),
    /** 'pickup' | 'delivery' */
    shipping_method: text(),
    /** the next box not yet made */
    next_date: date(),
    paused_until: date().optional(),
    /** 'stripe' | 'offline' */
    payment_method: text(),
    stripe_customer_id: text().optional(),
    stripe_payment_method_id: text().optional(),
    email: text(),
    phone: text(),
    first_name: text(),
    last_name: text(),
    street: text().withDefault(),
    apartment: text().optional(),
    city: text().withDefault(),
    state: text().withDefault(),
    zip_code: text().withDefault(),
    first_order_id: text().optional(),
    /** the box date whose reminder email was queued */
    reminded_for: date().optional(),
    cancelled_at: timestamp().optional(),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  subscription_items: {
    id: text(),
    subscription_id: text(),
    product_id: text(),
    product_variant_id: text().optional(),
    quantity: int(),
  },
  /** One per subscription and box date: made or skipped, never twice */
  subscription_cycles: {
    id: text(),
    subscription_id: text(),
    date: date(),
    /** 'skipped' | 'ordered' | 'failed' */
    status: text(),
    order_id: text().optional(),
    message: text().optional(),
    /** 'none' | 'charging' | 'paid' | 'failed' | 'retry_failed' */
    charge_status: text().withDefault(),
    charge_attempts: int().withDefault(),
    retry_at: timestamp().optional(),
    /** the provider idempotency key of the box's payment under way or made (unique) */
    payment_key: text().optional(),
    /** who holds a 'charging' claim: 'card' (the scheduler) | 'customer' (the pay link) */
    payer: text().optional(),
    /** the pay link's Checkout Session while the customer holds the claim */
    checkout_session_id: text().optional(),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  /** One row the health check's write probe changes (migration 0020) */
  health_probe: {
    id: int(),
    probes: int(),
    probed_at: timestamp().withDefault(),
  },
} satisfies Record<string, Record<string, Column>>

type Schema = typeof schema

type ValueOf<K extends ColumnKind> = K extends 'text' | 'date'
  ? string
  : K extends 'int' | 'bigint'
    ? number
    : K extends 'bool'
      ? boolean
      : K extends 'timestamp'
        ? Date
        : K extends 'blob'
          ? Uint8Array
          : never

type ColumnTypeOf<C> = C extends { kind: infer K extends ColumnKind; nullable: infer N }
  ? C extends { hasDefault: true }
    ? Generated<ValueOf<K>>
    : N extends true
      ? ValueOf<K> | null
      : ValueOf<K>
  : never

export type Database = {
  [T in keyof Schema]: { [C in keyof Schema[T]]: ColumnTypeOf<Schema[T][C]> }
}

export type TableName = keyof Database

/** Column names by kind across all tables; a name has one kind everywhere (tested). */
export function columnNamesOfKind(kind: ColumnKind): Set<string> {
  const names = new Set<string>()
  for (const table of Object.values(schema) as Record<string, Column>[]) {
    for (const [name, col] of Object.entries(table)) if (col.kind === kind) names.add(name)
  }
  return names
}
