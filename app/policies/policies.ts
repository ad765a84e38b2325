// The shop's four policy pages (issue 17): their addresses, titles and default words. The
// defaults are plain-language starting points for a US family farm that sells food for pickup,
// local delivery and shipping; the farm edits them under Admin > Content. {farm}, {email},
// {phone} and {address} are filled in from the farm's settings when a page is shown, so the
// farm's name and contact details stay right after they change.

export const POLICY_SLUGS = ['terms', 'privacy', 'shipping', 'refunds'] as const
export type PolicySlug = (typeof POLICY_SLUGS)[number]

export type PolicyInfo = { slug: PolicySlug; path: string; title: string; summary: string }

export const POLICIES: readonly PolicyInfo[] = [
  {
    slug: 'terms',
    path: '/terms',
    title: 'Terms of Service',
    summary: 'The terms for buying from the farm and using this shop.',
  },
  {
    slug: 'privacy',
    path: '/privacy',
    title: 'Privacy Policy',
    summary: 'What the farm keeps about you, why, and how to have it removed.',
  },
  {
    slug: 'shipping',
    path: '/shipping-pickup',
    title: 'Shipping & Pickup',
    summary: 'Pickup places and times, local delivery, shipping and order cut-offs.',
  },
  {
    slug: 'refunds',
    path: '/refunds',
    title: 'Refunds',
    summary: 'What happens when something is not right with your order.',
  },
]

export function isPolicySlug(value: unknown): value is PolicySlug {
  return POLICY_SLUGS.includes(value as PolicySlug)
}

export function policyInfo(slug: PolicySlug): PolicyInfo {
  const info = POLICIES.find((policy) => policy.slug === slug)
  if (!info) throw new Error(`No policy ${slug}`)
  return info
}

export function policyByPath(path: string): PolicyInfo | undefined {
  return POLICIES.find((policy) => policy.path === path)
}

/** The longest policy the farm may save: about ten printed pages. */
export const POLICY_MAX_LENGTH = 20_000

export type FarmContact = {
  name: string
  contact_email: string
  contact_phone: string
  address: string
}

/** The policy's text with the farm's name and contact details in place of the placeholders. */
export function fillPolicy(body: string, farm: FarmContact): string {
  const values: Record<string, string> = {
    farm: farm.name,
    email: farm.contact_email,
    phone: farm.contact_phone || farm.contact_email,
    address: farm.address,
  }
  return body.replaceAll(/\{(farm|email|phone|address)\}/g, (_, key: string) => values[key] ?? '')
}

export type PolicyBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }

/**
 * The few shapes a policy's plain text may take: "## " starts a heading, "- " a list item,
 * a blank line ends a paragraph. Nothing else is markup, so nothing typed can become HTML.
 */
export function policyBlocks(body: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = []
  for (const chunk of body.replaceAll('\r\n', '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
    let paragraph: string[] = []
    const endParagraph = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') })
      paragraph = []
    }
    for (const line of lines) {
      if (line.startsWith('## ')) {
        endParagraph()
        blocks.push({ kind: 'heading', text: line.slice(3).trim() })
      } else if (line.startsWith('- ')) {
        endParagraph()
        const last = blocks.at(-1)
        if (last?.kind === 'list') last.items.push(line.slice(2).trim())
        else blocks.push({ kind: 'list', items: [line.slice(2).trim()] })
      } else {
        paragraph.push(line)
      }
    }
    endParagraph()
  }
  return blocks
}

export const DEFAULT_POLICIES: Record<PolicySlug, string> = {
  terms: `These terms apply when you buy from {farm} through this shop. They are written in plain words; if anything is unclear, ask us at {email}.

## Who we are
{farm} is a family farm at {address}. You can reach us at {email} or {phone}.

## Your order
- When you place an order you offer to buy the products in your cart at the prices shown at checkout, including delivery or shipping and sales tax.
- We confirm your order by email. We may cancel an order we cannot fill (a crop failed, an animal was not ready); you are then not charged, or refunded in full.
- Farm products vary. Weights, sizes and harvest dates are our honest best estimates.

## Prices and payment
Prices are in US dollars. If you pay online, the payment company processes your card or account; your card details never reach this shop. If you pay at pickup or on delivery, please bring payment when you collect your order.

## Pickup, delivery and shipping
Pickup times, delivery days and order cut-offs are shown at checkout and explained on our Shipping & Pickup page. Perishable food must be collected or received on the day chosen.

## Your account
Keep your password to yourself. You are responsible for orders placed from your account. You can close your account at any time by writing to us.

## Food safety
Keep meat frozen or refrigerated and eggs refrigerated. Cook meat to safe temperatures. Tell us about allergies before you order; our kitchen and packing area handle many foods.

## Changes
We may update these terms. The version on this page when you order applies to that order.

## The law that applies
These terms are governed by the laws of the State of Idaho.`,

  privacy: `{farm} keeps only what it needs to sell you food and keep in touch if you ask us to. We never sell your information.

## What we keep
- Your name, email address and phone number, to confirm orders and reach you about pickup or delivery.
- Your delivery or shipping address, when your order is delivered or shipped.
- Your orders, so you can see them in your account and we can answer questions about them.
- Messages you send us through the contact form.
- Your newsletter subscription, only if you chose to subscribe.

## What we do not keep
Card details. Card payments are made on the payment company's secure page; we see only whether the payment succeeded.

## Who else sees it
- The payment company, for online payments.
- The email service that delivers our messages.
- A shipping carrier, only the address of an order that is shipped.
Nobody else, and never for advertising.

## Cookies
The shop uses a cookie to keep you signed in and to remember your cart. It uses no advertising or tracking cookies.

## Your choices
- Unsubscribe from the newsletter with the link in any newsletter email.
- See and change your details in your account.
- Ask us to delete your account and personal details by writing to {email}. We keep order records only as long as tax law requires.

## Contact
Questions about your information: {email}, {phone}, or {address}.`,

  shipping: `You can get your food from {farm} in three ways. Checkout shows exactly which pickup times, delivery days and shipping options are open for what is in your cart.

## Pickup
- Choose a pickup place and time at checkout. Each place's address, hours and instructions are in your order confirmation and in your account.
- Orders close before each pickup time (the cut-off), so that we can harvest and pack your order fresh. The cut-off is shown next to each time.
- Please come during your chosen time. If you cannot make it, write to us at {email} or call {phone} before the pickup day.

## Local delivery
- We deliver to the ZIP codes listed at checkout, on set days, for the fee shown. Larger orders may deliver free, and a minimum order may apply.
- Someone should be home, or leave a cooler out for frozen and chilled food.

## Shipping
- Shelf-stable products (jams, honey, dry goods) can be shipped within the United States by standard or express shipping.
- Frozen meat, eggs and fresh produce are pickup or local delivery only; checkout says so when your cart holds them.

## Questions
Write to {email} or call {phone}. Our farm is at {address}.`,

  refunds: `We want every order from {farm} to be right. If something is not, tell us within 7 days of pickup or delivery and we will make it right.

## Damaged, spoiled or missing items
Write to {email} or call {phone} with your order number and, if you can, a photo. We replace the item on your next pickup or refund its price, whichever you prefer.

## Meat and shares
Frozen meat is refunded or replaced if it arrives thawed or the packaging is broken. Deposits on beef shares are refundable until the animal is scheduled for processing; after that we will help you find someone to take your share.

## Cancelling an order
You can cancel an order before its cut-off time by writing to us; anything you paid online is refunded in full. After the cut-off your order may already be harvested and packed.

## How refunds are paid
Refunds go back to the card or account you paid with, usually within 5-10 business days. Orders paid at pickup are refunded in cash or by check.`,
}
