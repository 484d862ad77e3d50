// Fewer, larger chunks for the first screens (issue 18). Left to itself the bundler makes one chunk
// per set of screens that share a module: ~240 files, of which a signed-in list screen loaded ~100
// over HTTP/1.1's 6 connections, its first data calls queued behind them. The groups here gather,
// from what each lazy screen loads (read from the module graph, through packages' index files),
// what the signed-in layout and the sign-in screen share, the rest of each, and what the three
// list screens (attendances, clients, budgets: the first screen after signing in) share among
// themselves. What the HTML pages load up front stays in their chunks, and each screen stays its
// own lazily loaded chunk.
import { dirname, resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type ModuleInfo = {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  exports?: readonly string[];
};
type Clause = { source: string; names: string[] | '*' };
type ExportTable = { names: Map<string, [source: string, imported: string]>; stars: string[] };

const IMPORT_OR_EXPORT = /\b(import|export)\s+(?!type\b)([\w$\s{},*]*?)\s*from\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g;
const IMPORT = /\bimport\s*([\w$\s{},*]*?)\s*from\s*["']([^"']+)["']/g;

/** The names an import or export clause takes from its source (`*`: all of them). */
function clauseNames(kind: string, clause: string): string[] | '*' {
  if (clause.includes('*')) return '*';
  const names = kind === 'import' && clause.replace(/\{[^}]*\}/, '').replace(/[,\s]/g, '') ? ['default'] : [];
  for (const part of clause.match(/\{([^}]*)\}/)?.[1]?.split(',') ?? []) {
    const name = part.trim().split(/\s+as\s+/)[0];
    if (name) names.push(name);
  }
  return names;
}

/**
 * What a module loads statically, following the bundler's module graph. An index file of a package
 * (only re-exports: @mantine/core, @tabler/icons-react, zod) would make every importer reach all of
 * the package: through one, an importer reaches only the modules of the names it imports. When a
 * name cannot be traced, all of the index file's modules count (more, never less).
 */
function moduleGraph(getInfo: (id: string) => ModuleInfo | null) {
  const infos = new Map<string, ModuleInfo | null>();
  const info = (id: string) => {
    if (!infos.has(id)) infos.set(id, getInfo(id));
    return infos.get(id) ?? null;
  };
  const memo = <T>(compute: (id: string) => T) => {
    const values = new Map<string, T>();
    return (id: string): T => {
      if (!values.has(id)) values.set(id, compute(id));
      return values.get(id) as T;
    };
  };
  // Without comments: a comment may quote an import statement.
  const code = memo((id) => (info(id)?.code ?? '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, ''));
  const clauses = memo((id): Clause[] =>
    [...code(id).matchAll(IMPORT_OR_EXPORT)].map((m) =>
      m[4] ? { source: m[4], names: [] } : { source: m[3] as string, names: clauseNames(m[1] as string, m[2] as string) },
    ),
  );
  // Re-export statements hold no call and no assignment.
  const isIndex = memo((id) => /\/node_modules\/.*\.[cm]?js$/.test(id) && /\bexport\b/.test(code(id)) && !/[(=]/.test(code(id)));
  const relativeIds = memo((importer) => {
    const byPath = new Map<string, string>();
    for (const id of info(importer)?.importedIds ?? []) {
      byPath.set(id, id);
      byPath.set(id.replace(/\.[^./]+$/, ''), id);
      if (/\/index\.[^./]+$/.test(id)) byPath.set(dirname(id), id);
    }
    return byPath;
  });
  /** The module that `source`, imported by `importer`, names. */
  const target = (importer: string, source: string): string | undefined => {
    if (source.startsWith('.')) return relativeIds(importer).get(resolve(dirname(importer), source));
    const matches = (info(importer)?.importedIds ?? []).filter((id) => id.includes(`/node_modules/${source}/`));
    const indexes = matches.filter(isIndex);
    return matches.length === 1 ? matches[0] : indexes.length === 1 ? indexes[0] : undefined;
  };
  const exportTable = memo((index): ExportTable => {
    const locals = new Map<string, [string, string]>();
    for (const m of code(index).matchAll(IMPORT)) {
      const [clause, source] = [m[1] as string, m[2] as string];
      const namespace = clause.match(/\*\s*as\s+([\w$]+)/)?.[1];
      if (namespace) locals.set(namespace, [source, '*']);
      for (const part of clause.match(/\{([^}]*)\}/)?.[1]?.split(',') ?? []) {
        const [imported, local = imported] = part.trim().split(/\s+as\s+/);
        if (imported && local) locals.set(local, [source, imported]);
      }
      const defaultName = clause
        .replace(/\{[^}]*\}/, '')
        .split(',')[0]
        ?.trim();
      if (defaultName && !defaultName.includes('*')) locals.set(defaultName, [source, 'default']);
    }
    const names = new Map<string, [string, string]>();
    for (const m of code(index).matchAll(/\bexport\s*\{([^}]*)\}\s*(?:from\s*["']([^"']+)["'])?/g)) {
      for (const part of (m[1] as string).split(',')) {
        const [local, exported = local] = part.trim().split(/\s+as\s+/);
        const binding = local && (m[2] ? ([m[2], local] as [string, string]) : locals.get(local));
        if (exported && binding) names.set(exported, binding);
      }
    }
    for (const m of code(index).matchAll(/\bexport\s*\*\s*as\s+([\w$]+)\s*from\s*["']([^"']+)["']/g))
      names.set(m[1] as string, [m[2] as string, '*']);
    const stars = [...code(index).matchAll(/\bexport\s*\*\s*from\s*["']([^"']+)["']/g)].map((m) => m[1] as string);
    return { names, stars };
  });
  /** The modules that give `name` through the index file `index`. */
  const provide = (index: string, name: string, depth = 0): string[] => {
    const all = () => [...(info(index)?.importedIds ?? [])];
    if (name === '*' || depth > 8) return all();
    const through = (id: string | undefined, imported: string) => (!id ? undefined : isIndex(id) ? provide(id, imported, depth + 1) : [id]);
    const { names, stars } = exportTable(index);
    const binding = names.get(name);
    if (binding) return through(target(index, binding[0]), binding[1]) ?? all();
    const found = stars.flatMap((source) => {
      const id = target(index, source);
      if (!id) return [];
      return isIndex(id) ? provide(id, name, depth + 1) : info(id)?.exports?.includes(name) ? [id] : [];
    });
    return found.length ? found : all();
  };
  /** Every module that `roots` load statically. */
  const reach = (roots: string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const dep of info(id)?.importedIds ?? []) {
        if (!isIndex(dep) || isIndex(id)) {
          stack.push(dep);
          continue;
        }
        seen.add(dep);
        const taken = clauses(id).filter((clause) => target(id, clause.source) === dep);
        if (!taken.length) stack.push(...(info(dep)?.importedIds ?? []));
        for (const { names } of taken) for (const name of names === '*' ? ['*'] : names) stack.push(...provide(dep, name));
      }
    }
    return seen;
  };
  return { reach, info };
}

/** The list screens, each with the letter of its share in a group's name (`lists-acb`: all three). */
const LIST_SCREENS = [
  ['/src/screens/attendances/AttendancesScreen.tsx', 'a'],
  ['/src/screens/clients/ClientsScreen.tsx', 'c'],
  ['/src/screens/budgets/BudgetsScreen.tsx', 'b'],
] as const;
const SIGN_IN_SCREEN = '/src/screens/auth/LoginScreen.tsx';
const SIGNED_OUT_SCREENS = /\/src\/screens\/(auth|registration)\//;
const APP_LAYOUT = '/src/components/layout/AppLayout.tsx';
/** Below this (bytes of source), what two list screens share goes with what all three share: one file less for a few kB. */
const SMALL_SHARE = 10_000;

export function firstScreenChunks(): { plugin: Plugin; codeSplitting: Rolldown.CodeSplittingOptions } {
  const groupOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'first-screen-chunks',
    apply: 'build',
    buildEnd() {
      groupOf.clear();
      const ids = [...this.getModuleIds()];
      const graph = moduleGraph((id) => this.getModuleInfo(id));
      const initial = graph.reach(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      const lazy = new Set(ids.flatMap((id) => graph.info(id)?.dynamicallyImportedIds ?? []));
      const loads = new Map([...lazy].map((root) => [root, graph.reach([root])]));
      const loaders = new Map<string, number>();
      for (const modules of loads.values()) for (const id of modules) loaders.set(id, (loaders.get(id) ?? 0) + 1);
      const shared = (id: string) => (loaders.get(id) ?? 0) > 1;
      const loadsOf = (path: string) => [...loads].find(([root]) => root.endsWith(path))?.[1] ?? new Set<string>();
      const assign = (name: string, modules: Iterable<string>) => {
        for (const id of modules) if (!initial.has(id) && !groupOf.has(id)) groupOf.set(id, name);
      };

      const signIn = loadsOf(SIGN_IN_SCREEN);
      const shell = loadsOf(APP_LAYOUT);
      const signedOut = [...loads].flatMap(([root, modules]) => (SIGNED_OUT_SCREENS.test(root) ? [...modules] : []));
      const both = [...shell].filter((id) => signIn.has(id));
      assign('ui', both);
      // Each screen keeps what only it loads; the layout, loaded by every signed-in screen, keeps all of its own.
      assign('sign-in', [...signIn].filter(shared));
      assign('signed-out', signedOut.filter(shared));
      assign('shell', shell);

      const share = new Map<string, string>();
      for (const [path, letter] of LIST_SCREENS) {
        for (const id of loadsOf(path))
          if (shared(id) && !initial.has(id) && !groupOf.has(id)) share.set(id, (share.get(id) ?? '') + letter);
      }
      const bytes = new Map<string, number>();
      for (const [id, key] of share) bytes.set(key, (bytes.get(key) ?? 0) + (graph.info(id)?.code?.length ?? 0));
      const all = LIST_SCREENS.map(([, letter]) => letter).join('');
      // Only a pair's share may join all three's: a single screen's modules need the pairs', which then need them back.
      for (const [id, key] of share)
        assign(key.length === 2 && (bytes.get(key) ?? 0) < SMALL_SHARE ? `lists-${all}` : `lists-${key}`, [id]);
    },
    generateBundle(_options, bundle) {
      // A group takes no dependencies along: a module it misses lands in a chunk that may import the
      // group back, and a cycle between chunks runs modules out of order. Fail the build instead.
      const imports = new Map(
        Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file.imports] as const] : [])),
      );
      const done = new Set<string>();
      const visit = (file: string, path: string[]) => {
        if (done.has(file)) return;
        if (path.includes(file)) throw new Error(`first-screen-chunks: the chunks import each other: ${[...path, file].join(' -> ')}`);
        for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
        done.add(file);
      };
      for (const file of imports.keys()) visit(file, []);
    },
  };
  return {
    plugin,
    // Each group holds its modules' dependencies already (they are what its screens load), except
    // those the HTML pages load up front, which must stay in the entry chunks.
    codeSplitting: {
      groups: [{ name: (id: string) => groupOf.get(id) ?? null, debugName: 'first-screen-chunks', includeDependenciesRecursively: false }],
    },
  };
}
