// V8 lets the old generation grow to several times its live size before a full collection, and on a
// machine with much memory the allowance is large: an import of 50,000 rows, whose live heap stays
// near 100 MB, left ~190 MB of garbage resident before it was collected. A full collection once the
// old generation has grown by a fifth keeps the process near its live size. Requests pay for it in
// their tail (the budget tree's p95 at 50 connections: ~50 ms without, ~80 ms with it for the whole
// process; bench/README.md), so it is on only while a long streaming read runs.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let running = 0;
let collect: (() => void) | undefined;

/**
 * Runs `work` with the old generation collected once it grows by a fifth. V8 reads the factor when
 * a full collection sets the next limit, so one is made at the start: the limit left by the last
 * one, from the default factor, would otherwise let the first stretch of the work grow as before.
 */
export async function withEagerCollection<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0) {
    setFlagsFromString('--heap-growing-percent=20');
    if (!collect) {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    }
    collect();
  }
  try {
    return await work();
  } finally {
    if (--running === 0) setFlagsFromString('--heap-growing-percent=0');
  }
}
