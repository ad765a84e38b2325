// What the kernel saw during a run: TCP counters, the listening socket's accept queue, and
// CPU ticks of the machine and of the server's processes, from nstat, ss and /proc.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** Machine-wide TCP counters that show connection attempts the kernel dropped or resent. */
export const NSTAT_COUNTERS = [
  'TcpExtListenOverflows',
  'TcpExtListenDrops',
  'TcpExtTCPReqQFullDrop',
  'TcpExtTCPSynRetrans',
  'TcpRetransSegs',
  'TcpExtTCPTimeouts',
  'TcpExtTCPAbortOnData',
  'TcpExtTCPAbortOnClose',
] as const
export type Counters = Record<(typeof NSTAT_COUNTERS)[number], number>

export function readCounters(): Counters | undefined {
  try {
    // -a absolute values, -s without touching nstat's history, -z zeros too.
    const text = execFileSync('nstat', ['-asz'], { encoding: 'utf8' })
    const values = new Map(
      text
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .map(([name = '', value = '0']) => [name, Number(value)] as const),
    )
    return Object.fromEntries(
      NSTAT_COUNTERS.map((name) => [name, values.get(name) ?? 0]),
    ) as Counters
  } catch {
    return undefined
  }
}

/** Samples the listen socket's accept queue (Recv-Q) and its size (Send-Q) every 50 ms. */
export function sampleAcceptQueue(port: number) {
  let maxQueued = 0
  let backlog = 0
  let samples = 0
  let child: ChildProcess | undefined
  try {
    child = spawn('sh', ['-c', `while :; do ss -ltnH "sport = :${port}"; sleep 0.05; done`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    child.stdout?.setEncoding('utf8')
    child.stdout?.on('data', (text: string) => {
      for (const line of text.split('\n')) {
        const [, recvQ, sendQ] = line.trim().split(/\s+/)
        if (recvQ === undefined || sendQ === undefined) continue
        samples++
        maxQueued = Math.max(maxQueued, Number(recvQ))
        backlog = Number(sendQ)
      }
    })
    child.on('error', () => {})
  } catch {
    child = undefined
  }
  return {
    stop: () => {
      child?.kill()
      return { maxQueued, backlog, samples }
    },
  }
}

/** CPU time of the whole machine from /proc/stat: [busy, total] in clock ticks. */
export function machineTicks(): [number, number] {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number)
  const total = fields.reduce((a, b) => a + b, 0)
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
  return [total - idle, total]
}

/** CPU time (user + system, in clock ticks of 10 ms) of a process and its children (the workers). */
export function treeTicks(rootPid: number): number {
  const stats = new Map<number, { parent: number; ticks: number }>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8')
      // Fields after the command name (which may hold spaces): state, ppid, ... utime (14), stime (15).
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
      stats.set(Number(name), {
        parent: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      })
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0
  const inTree = (pid: number): boolean => {
    for (let at = pid, hops = 0; at > 1 && hops < 10; hops++) {
      if (at === rootPid) return true
      at = stats.get(at)?.parent ?? 0
    }
    return false
  }
  for (const [pid, stat] of stats) if (inTree(pid)) total += stat.ticks
  return total
}
