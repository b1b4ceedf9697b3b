import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * The functions a V8 CPU profile (node --cpu-prof) spent the most self time in, as a share of the
 * busy time (idle left out). `npx tsx bench/profile.ts <file.cpuprofile> [n]` prints the same.
 */
export function topSelfTime(file: string, n = 25): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const dt = profile.timeDeltas[i] ?? 0;
    if (!frame || frame.functionName === '(idle)') return;
    busy += dt;
    const where = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  const lines = rows.map(([key, us]) => `${((100 * us) / busy).toFixed(1).padStart(5)}%  ${key}`);
  return [`busy ${(busy / 1e6).toFixed(1)} s; self time:`, ...lines].join('\n');
}

/** Self time grouped by package (or our own source), a coarser view of the same profile. */
export function byPackage(file: string): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const groups = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const dt = profile.timeDeltas[i] ?? 0;
    if (!frame || frame.functionName === '(idle)') return;
    busy += dt;
    const url = frame.url;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const group =
      pkg ??
      (url.includes('/apps/') || url.includes('/packages/')
        ? 'ours'
        : url.startsWith('node:')
          ? 'node core'
          : frame.functionName || '(native)');
    groups.set(group, (groups.get(group) ?? 0) + dt);
  });
  return [...groups.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([g, us]) => `${((100 * us) / busy).toFixed(1).padStart(5)}%  ${g}`)
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const file = process.argv[2] as string;
  console.log(topSelfTime(file, Number(process.argv[3] ?? 25)));
  console.log(`\nby package:\n${byPackage(file)}`);
}
