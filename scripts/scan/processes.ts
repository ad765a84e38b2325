import type { ChildProcess } from 'node:child_process'

// The scanner processes the scan has started and not yet seen end: stopped with the scan when
// it is interrupted, so no sqlmap or wapiti keeps hammering a shop that is going away.

const running = new Set<ChildProcess>()

export function track<T extends ChildProcess>(child: T): T {
  running.add(child)
  child.once('close', () => running.delete(child))
  return child
}

export function stopScanners(): void {
  for (const child of running) child.kill('SIGTERM')
}
