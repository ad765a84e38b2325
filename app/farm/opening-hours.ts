// Opening hours are stored once, in schema.org's openingHours notation ("Mo-Sa 09:00-17:00";
// several ranges separated by commas). The page text and the LocalBusiness JSON-LD both come
// from that one value (DECISIONS D17).

export const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const
export type Day = (typeof DAYS)[number]
export const DAY_NAMES: Record<Day, string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
}

export type OpeningRange = { days: Day[]; opens: string; closes: string }
export type HoursLine = { days: string; hours: string }

const RANGE = /^(Mo|Tu|We|Th|Fr|Sa|Su)(?:-(Mo|Tu|We|Th|Fr|Sa|Su))?\s+(\d{2}:\d{2})-(\d{2}:\d{2})$/

export function parseOpeningHours(value: string): OpeningRange[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part) => {
      const match = RANGE.exec(part)
      if (!match) return []
      const [, from, to, opens, closes] = match as unknown as [
        string,
        Day,
        Day | undefined,
        string,
        string,
      ]
      const start = DAYS.indexOf(from)
      const end = DAYS.indexOf(to ?? from)
      if (end < start) return []
      return [{ days: DAYS.slice(start, end + 1), opens, closes }]
    })
}

/** "09:00" -> "9am", "17:30" -> "5:30pm" */
export function formatTime(value: string): string {
  const [hours = 0, minutes = 0] = value.split(':').map(Number)
  const suffix = hours >= 12 ? 'pm' : 'am'
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  return minutes === 0
    ? `${hour12}${suffix}`
    : `${hour12}:${String(minutes).padStart(2, '0')}${suffix}`
}

function dayRange(days: Day[]): string {
  const first = days[0]
  const last = days[days.length - 1]
  if (!first || !last) return ''
  return first === last ? DAY_NAMES[first] : `${DAY_NAMES[first]} - ${DAY_NAMES[last]}`
}

/** Human lines, closed days included: [{days: 'Monday - Saturday', hours: '9am - 5pm'}, {days: 'Sunday', hours: 'Closed'}] */
export function describeOpeningHours(value: string): HoursLine[] {
  const ranges = parseOpeningHours(value)
  const lines = ranges.map((range) => ({
    days: dayRange(range.days),
    hours: `${formatTime(range.opens)} - ${formatTime(range.closes)}`,
  }))
  const open = new Set(ranges.flatMap((range) => range.days))
  const closed = DAYS.filter((day) => !open.has(day))
  // Consecutive closed days read as one line ("Saturday - Sunday: Closed").
  let run: Day[] = []
  const flush = () => {
    if (run.length) lines.push({ days: dayRange(run), hours: 'Closed' })
    run = []
  }
  for (const day of closed) {
    const previous = run[run.length - 1]
    if (previous && DAYS.indexOf(day) !== DAYS.indexOf(previous) + 1) flush()
    run.push(day)
  }
  flush()
  return lines
}

/** schema.org OpeningHoursSpecification entries for JSON-LD. */
export function openingHoursSpecification(value: string) {
  return parseOpeningHours(value).map((range) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: range.days.map((day) => DAY_NAMES[day]),
    opens: range.opens,
    closes: range.closes,
  }))
}
