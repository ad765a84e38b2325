// Dates are printed in the farm's time zone, so the server and the browser print the same day.
export const FARM_TIME_ZONE = 'America/Boise'

const formats = {
  long: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: FARM_TIME_ZONE }),
  medium: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: FARM_TIME_ZONE }),
}

/** "November 21, 2026" (long) or "Nov 21, 2026" (medium), on the farm's calendar. */
export function formatFarmDate(date: Date, style: keyof typeof formats = 'long'): string {
  return formats[style].format(date)
}
