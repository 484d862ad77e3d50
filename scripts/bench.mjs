// `npm run bench`: the ratios of the hot routes (bench/ratios.ts), with the workspace installed first.
import { join } from 'node:path';
import { ensureInstalled, ROOT, run } from './lib.mjs';

ensureInstalled();
run(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'bench/ratios.ts')]);
