/**
 * CPU and memory of processes on this machine, read from /proc (Linux): the app's processes and
 * PostgreSQL's during a benchmark, so a run shows where the machine's two cores went.
 */
import fs from 'node:fs';

/** Linux reports CPU time in clock ticks of 1/100 s (USER_HZ) on every platform Node runs on. */
const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

interface Sample {
  cpuSeconds: number;
  rssBytes: number;
}

function sample(pid: number): Sample | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rssPages = Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return { cpuSeconds: ticks / TICKS_PER_SECOND, rssBytes: rssPages * PAGE_BYTES };
  } catch {
    return undefined; // The process ended between listing and reading.
  }
}

/** Every process whose command name is `name` (e.g. "postgres"). */
export function pidsNamed(name: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    });
}

export interface UsageSummary {
  /** CPU used over the window, in cores (1.0 = one core busy the whole time). */
  cores: number;
  /** The largest resident memory seen, summed over the processes, in MiB. */
  peakRssMiB: number;
}

/**
 * Samples a group of processes once a second between start() and stop(). `pids` is re-evaluated at
 * each sample, so processes that come and go (PostgreSQL's backends) are counted while they live.
 */
export function watchUsage(pids: () => number[]) {
  let startedAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let peakRss = 0;
  const firstCpu = new Map<number, number>();
  const lastCpu = new Map<number, number>();

  const take = () => {
    let rss = 0;
    for (const pid of pids()) {
      const current = sample(pid);
      if (!current) continue;
      if (!firstCpu.has(pid)) firstCpu.set(pid, startedAt === 0 ? current.cpuSeconds : 0);
      lastCpu.set(pid, current.cpuSeconds);
      rss += current.rssBytes;
    }
    peakRss = Math.max(peakRss, rss);
  };

  return {
    start() {
      take();
      startedAt = Date.now();
      timer = setInterval(take, 1000);
      timer.unref();
    },
    stop(): UsageSummary {
      take();
      clearInterval(timer);
      const seconds = (Date.now() - startedAt) / 1000;
      let cpu = 0;
      for (const [pid, last] of lastCpu) cpu += last - (firstCpu.get(pid) ?? 0);
      return { cores: cpu / seconds, peakRssMiB: peakRss / 2 ** 20 };
    },
  };
}
