import type { SchedulerRun } from './subscription-scheduler.server'

// What the admin's "Run the Scheduler Now" answers (ADR 32). Browser-safe.

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** "Boxes: 1 made, 0 not made, 0 skipped. Cards: 0 charged, 0 declined. Reminders: 2 sent." */
export function describeSchedulerRun(run: SchedulerRun): string {
  return [
    `Boxes: ${run.made} made, ${run.failed} not made, ${run.skipped} skipped.`,
    `Cards: ${run.paid} charged, ${run.declined} declined.`,
    `Reminders: ${count(run.reminded, 'email', 'emails')} sent.`,
  ].join(' ')
}
