// Packages that only a rare path needs (the NFS-e's certificate, XML and signature) are loaded the
// first time that path runs: an API process that never issues a note never holds them (about 30 MB
// of its idle memory; bench/ratios.ts prints it). CommonJS packages, so a plain require serves.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** `load()` returns the package `id`, required on the first call. */
export function onFirstUse<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(id) as T;
    return loaded;
  };
}
