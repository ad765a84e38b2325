import { type PageInfo, type PageRequest, pageInfo } from '~/platform/admin/pagination'
import type { DB } from '~/platform/db/db.server'

// The browser's error reports (D15) for the admin, newest first: what broke, where, in which
// browser and for which signed-in customer. Two queries a page: the count and the page.

export type ErrorReportRow = {
  id: string
  level: string
  message: string
  stack_trace: string | null
  url: string | null
  user_agent: string | null
  customer_id: string | null
  customer_email: string | null
  created_at: Date
}

export async function listErrorReports(
  db: DB,
  page: PageRequest,
): Promise<{ reports: ErrorReportRow[]; info: PageInfo }> {
  const [{ total }, reports] = await Promise.all([
    db
      .selectFrom('error_reports')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('error_reports')
      .leftJoin('customers', 'customers.id', 'error_reports.customer_id')
      .select([
        'error_reports.id',
        'error_reports.level',
        'error_reports.message',
        'error_reports.stack_trace',
        'error_reports.url',
        'error_reports.user_agent',
        'error_reports.customer_id',
        'customers.email as customer_email',
        'error_reports.created_at',
      ])
      .orderBy('error_reports.created_at', 'desc')
      .orderBy('error_reports.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ])
  return { reports, info: pageInfo(page, Number(total)) }
}
