// Types of scripts/lib.mjs for the TypeScript that imports it (bench/lib.ts).
export declare const ROOT: string;
export declare const PNPM: string[];
export declare function run(cmd: string, args: string[], opts?: import('node:child_process').SpawnSyncOptions): void;
export declare function pnpm(args: string[], opts?: import('node:child_process').SpawnSyncOptions): void;
export declare function ensureInstalled(): void;
export declare function ensureApiBuilt(): void;
export declare function ensureWebBuilt(force?: boolean): void;
