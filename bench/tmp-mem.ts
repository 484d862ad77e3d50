import { readFileSync } from 'node:fs';
import { startApi } from './lib';
const api = await startApi(process.env.DATABASE_URL, '39893', {});
await new Promise((r) => setTimeout(r, 3000));
const s = readFileSync(`/proc/${api.pid}/status`, 'utf8');
console.log(s.split('\n').filter((l) => /^(VmRSS|RssAnon|RssFile|RssShmem|VmHWM|Threads)/.test(l)).join('\n'));
const smaps = readFileSync(`/proc/${api.pid}/smaps`, 'utf8');
const by = new Map<string, number>();
let cur = '';
for (const line of smaps.split('\n')) {
  const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
  if (head) { cur = head[1] || '[anon]'; continue; }
  const rss = /^Rss:\s+(\d+) kB/.exec(line);
  if (rss) by.set(cur, (by.get(cur) ?? 0) + Number(rss[1]));
}
console.log([...by].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${(v / 1024).toFixed(1)} MB ${k}`).join('\n'));
api.stop();
