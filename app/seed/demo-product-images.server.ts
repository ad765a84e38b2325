import type { DB } from '~/platform/db/db.server'

// A few demo products with several pictures (issue 22 item 4), so the product page's gallery
// shows on a fresh install. Picture 1 is each product's own cover, as the admin's first added
// picture would make it; the others are the bundled illustrations named `<cover>-2.svg`, ...

const demo = (file: string) => `/images/demo/${file}.svg`

export const demoProductPictures: readonly { product: string; pictures: readonly string[][] }[] = [
  {
    product: 'Pasture-Raised Eggs',
    pictures: [
      ['pasture-raised-eggs-2', 'Brown hens scratching in the pasture beside their mobile coop'],
      ['pasture-raised-eggs-3', 'A blue bowl of brown and cream eggs on the farmhouse table'],
    ],
  },
  {
    product: 'Bone-In Ribeye Steak',
    pictures: [
      [
        'bone-in-ribeye-steak-2',
        'A seared bone-in ribeye resting in a cast-iron pan with rosemary',
      ],
    ],
  },
  {
    product: 'Huckleberry Jam',
    pictures: [
      ['huckleberry-jam-2', 'Wild huckleberries on the bush in the hills above the farm'],
      ['huckleberry-jam-3', 'Huckleberry jam spread on a slice of toast beside the open jar'],
    ],
  },
]

export async function seedDemoProductImages(db: DB): Promise<void> {
  for (const { product, pictures } of demoProductPictures) {
    const row = await db
      .selectFrom('products')
      .select(['id', 'name', 'image_url'])
      .where('name', '=', product)
      .executeTakeFirst()
    if (!row?.image_url) continue
    const rows = [
      [row.image_url, row.name],
      ...pictures.map(([file = '', alt = '']) => [demo(file), alt]),
    ].map(([image_url = '', alt_text = ''], position) => ({
      id: crypto.randomUUID(),
      product_id: row.id,
      image_url,
      alt_text,
      position,
    }))
    await db.insertInto('product_images').values(rows).execute()
  }
}
