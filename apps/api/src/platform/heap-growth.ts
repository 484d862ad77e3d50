// V8 lets the old generation grow to several times its live size before a full collection, and on a
// machine with much memory the allowance is large: an import of 50,000 rows, whose live heap stays
// near 100 MB, left ~190 MB of garbage resident before it was collected. A full collection once the
// old generation has grown by a fifth keeps the process near its live size (measured in
// bench/README.md, imports); requests make little long-lived garbage, so they pay almost nothing.
// Set before anything else runs, for every role (API, worker, both).
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--heap-growing-percent=20');
