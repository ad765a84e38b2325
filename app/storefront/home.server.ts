import { farmMonthOf } from '~/catalog/in-season'
import { listHomeProducts } from '~/catalog/in-season.server'
import { getHomeContent } from '~/farm/farm.server'
import { listWeeklySchedule } from '~/fulfilment/weekly-schedule.server'
import type { DB } from '~/platform/db/db.server'

// Home's data (issue 22): the farm's words and pictures, the featured and in-season cards, and
// where and when orders are handed over; three queries side by side, so with the layout's one
// the page stays within its budget of four.

export async function getHomePage(db: DB, now = new Date()) {
  const month = farmMonthOf(now)
  const [content, products, schedule] = await Promise.all([
    getHomeContent(db),
    listHomeProducts(db, month),
    listWeeklySchedule(db),
  ])
  return { content, month, ...products, schedule }
}
