// `npm start` runs the server under scripts/supervise.mjs: a crash is said and the server comes
// back; a stop asked for (SIGTERM, SIGINT) ends it for good. Real child processes, a tiny server
// that dies on its first run.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the repository, without types.
import { supervise } from '../../../scripts/supervise.mjs';

type Supervised = { child: { pid: number }; stop(signal?: string): Promise<number>; done: Promise<number> };

/** Appends its pid to `runs` and, on its first run, crashes after 50 ms; later runs stay up. */
const FLAKY = `
const { appendFileSync, readFileSync } = require('node:fs');
const runs = process.env.RUNS;
appendFileSync(runs, process.pid + '\\n');
if (readFileSync(runs, 'utf8').trim().split('\\n').length === 1) setTimeout(() => process.exit(7), 50);
else setInterval(() => {}, 1000);
`;

async function until<T>(check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the supervisor of npm start', () => {
  it('restarts a crashed server, saying so, and a stop ends it for good', async () => {
    const runs = join(mkdtempSync(join(tmpdir(), 'supervise-')), 'runs');
    const logs: string[] = [];
    const server: Supervised = supervise(process.execPath, ['-e', FLAKY], {
      env: { ...process.env, RUNS: runs },
      log: (line: string) => logs.push(line),
      minDelayMs: 50,
    });
    const pids = await until(() => {
      const lines = (() => {
        try {
          return readFileSync(runs, 'utf8').trim().split('\n');
        } catch {
          return [];
        }
      })();
      return lines.length >= 2 ? lines : undefined;
    });
    expect(pids[0]).not.toBe(pids[1]);
    expect(logs).toEqual(['▸ O servidor parou (código 7); reiniciando em 0 s…']);
    expect(server.child.pid).toBe(Number(pids[1]));
    await server.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    expect(readFileSync(runs, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('a server killed outright (SIGKILL) comes back too', async () => {
    const runs = join(mkdtempSync(join(tmpdir(), 'supervise-')), 'runs');
    const logs: string[] = [];
    const server: Supervised = supervise(
      process.execPath,
      ['-e', 'require("node:fs").appendFileSync(process.env.RUNS, "x\\n"); setInterval(() => {}, 1000)'],
      {
        env: { ...process.env, RUNS: runs },
        log: (line: string) => logs.push(line),
        minDelayMs: 50,
      },
    );
    await until(() => {
      try {
        return readFileSync(runs, 'utf8').length > 0 || undefined;
      } catch {
        return undefined;
      }
    });
    process.kill(server.child.pid, 'SIGKILL');
    await until(() => (readFileSync(runs, 'utf8').trim().split('\n').length === 2 ? true : undefined));
    expect(logs).toEqual(['▸ O servidor parou (SIGKILL); reiniciando em 0 s…']);
    await server.stop();
  });
});
