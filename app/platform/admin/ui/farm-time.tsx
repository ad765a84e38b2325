import { FARM_TIME_ZONE, formatFarmDate } from '~/platform/farm-clock'

// A moment (not just a day) on the farm's clock, for logs where the hour matters: the outbox,
// error reports, the activity log. Same zone as ~/platform/farm-clock, so server and browser
// print the same text.
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: FARM_TIME_ZONE })

export function FarmTime({ date, withTime = true }: { date: Date; withTime?: boolean }) {
  return (
    <time dateTime={date.toISOString()} className="whitespace-nowrap">
      {formatFarmDate(date, 'medium')}
      {withTime ? `, ${time.format(date)}` : ''}
    </time>
  )
}
