import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Waits until `url` answers (anything below 500), failing if `child` exits first or after `seconds`. */
export async function waitFor(url: string, child: ChildProcess, seconds = 30): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not up: ${url}`);
}

/** Resident memory of a process, in MiB (Linux). */
export function rssMiB(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}
