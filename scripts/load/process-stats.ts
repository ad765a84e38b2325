// What the server's processes and the machine spent while a run went on, from /proc.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }))

/** The server and, with WEB_CONCURRENCY above 1, its workers (the primary's children). */
export function serverProcesses(pid: number | undefined): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return statFields(Number(entry))[1] === String(pid)
      } catch {
        return false // gone since the listing
      }
    })
    .map(Number)
  return [pid ?? 0, ...children]
}

/** /proc/PID/stat after the command name (which may hold spaces): state, ppid, ... */
export function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** CPU time (user + system) the server's processes have used so far, in ms. */
export function cpuMs(pids: number[]): number {
  // utime and stime are the 12th and 13th fields after the command name.
  return pids.reduce((total, pid) => {
    const fields = statFields(pid)
    return total + ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000
  }, 0)
}

/** CPU time the whole machine has been busy so far, in ms (all cores, from /proc/stat). */
export function machineBusyMs(): number {
  const [, ...ticks] =
    readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]?.trim().split(/\s+/) ?? []
  // user nice system idle iowait irq softirq steal: all but idle and iowait is busy.
  const busy = ticks
    .slice(0, 8)
    .map(Number)
    .reduce((total, value, index) => (index === 3 || index === 4 ? total : total + value), 0)
  return (busy / TICKS_PER_SECOND) * 1000
}

export const ownCpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** The server's peak resident memory so far, in MB: the sum of each process's high-water mark. */
export function peakRssMb(pids: number[]): number {
  const kb = pids.reduce((total, pid) => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return total + Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN)
  }, 0)
  return Math.round(kb / 1024)
}
