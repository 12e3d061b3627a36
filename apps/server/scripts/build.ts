/**
 * Builds the self-contained production folder `release/` at the repository root:
 *
 *   release/server.js      the server, bundled with esbuild into one ESM file
 *   release/orderWriter.js the order writer's worker thread, which server.js starts; the other threads' bundles
 *                          (restoreWorker.js, backupSnapshot.js) likewise, one per WORKER_SCRIPTS entry
 *   release/<tool>.js      the command-line tools from src/cli (staff, integrations, backup, restore) when they exist
 *   release/node_modules   only what cannot be bundled (native modules) with their runtime dependencies
 *   release/drizzle        the database migrations, applied on start
 *   release/public         the built web app, with .br and .gz twins of every text asset
 *   release/pages          the storefront's pages as the server writes them (apps/web/vite.server.config.ts)
 *   release/package.json   `type: module` and the start command
 *
 * Copy the folder anywhere with Node >= 20.19 and run `node server.js`; nothing else from the workspace is read.
 */
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_SCRIPTS } from '@nursery/api/workerScripts';
import { build, type Metafile } from 'esbuild';
import { z } from 'zod';
import { startCommand } from '../src/serverStart.ts';
import { brotliTwin, gzipTwin } from './twins.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '..', '..');
const releaseDir = path.join(repoRoot, 'release');
const webDist = path.join(repoRoot, 'apps', 'web', 'dist');
const migrationsDir = path.join(repoRoot, 'packages', 'db', 'drizzle');
const apiSrc = path.join(repoRoot, 'packages', 'api', 'src');

/**
 * Packages left out of the bundle. Native addons load a .node file found relative to their own package,
 * and sharp picks its platform package (@img/sharp-<platform>) at run time, so both ship as real packages.
 * oidc-provider looks its settings up by its classes' names (ttl[this.name]), which bundling renames
 * (AccessToken -> AccessToken2 when another module has one), so it ships as a real package too. koffi
 * (src/quietMemory.ts's malloc_trim) loads its prebuilt addon from @koromix/koffi-<platform> beside it.
 */
const EXTERNAL_PACKAGES = ['better-sqlite3', 'sharp', 'oidc-provider', 'koffi'];

/**
 * Packages the server loads on first use (`await import()`), never at start: xlsx (about 34 MB and a third
 * of a second of start-up) for the spreadsheet exports, sharp (libvips, about 20 MB) for product photos,
 * oidc-provider (about 28 MB) for the first sign-in (src/auth/provider.ts), koffi when the shop first
 * gives memory back after a busy spell. One static import anywhere would load them on every start again,
 * so the build refuses it.
 */
const LOADED_ON_FIRST_USE = ['xlsx', 'sharp', 'oidc-provider', 'koffi'];

/** Dependencies that only run while installing (fetching prebuilt binaries): never needed at run time. */
const INSTALL_ONLY_PACKAGES = new Set(['prebuild-install', 'node-gyp', 'node-gyp-build']);

/** Workspace packages whose node_modules can resolve the external packages (pnpm links them per package). */
const RESOLVE_FROM = ['apps/server', 'packages/db', 'packages/api'].map((p) => path.join(repoRoot, p));

const packageJsonSchema = z.object({
  name: z.string(),
  version: z.string(),
  dependencies: z.record(z.string(), z.string()).optional(),
  optionalDependencies: z.record(z.string(), z.string()).optional(),
});

function log(text: string): void {
  process.stdout.write(`${text}\n`);
}

function fail(text: string): never {
  process.stderr.write(`build: ${text}\n`);
  process.exit(1);
}

/**
 * Finds the real folder of a package the way Node looks it up (node_modules folders from `from` upwards),
 * without require.resolve: some packages (sharp's platform builds) export neither "." nor "./package.json".
 * Null when it is not installed here, e.g. another platform's optional package.
 */
function resolvePackageDir(name: string, fromDirs: string[]): string | null {
  for (const from of fromDirs) {
    let dir = from;
    for (;;) {
      const candidate = path.join(dir, 'node_modules', name);
      if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return null;
}

function checkLoadedOnFirstUse(metafile: Metafile): void {
  for (const [file, input] of Object.entries(metafile.inputs)) {
    for (const imported of input.imports) {
      const name = imported.original;
      if (!name || imported.kind === 'dynamic-import') continue;
      if (LOADED_ON_FIRST_USE.some((p) => name === p || name.startsWith(`${p}/`))) {
        fail(
          `${file} imports ${name} statically; load it where it is used with await import('${name}'), so the server starts without it`,
        );
      }
    }
  }
}

/**
 * Packages the order writer's thread never loads. It only reads and writes an order's rows: the order is
 * validated, its mail and webhooks sent, its limits kept and staff HTML sanitized on the server's thread. Each
 * package a thread loads takes memory of its own there (zod alone about 12 MB of RSS), so one import through a
 * package's entry point or createShop would bring back what packages/api/src/orders/writerWorker.ts leaves out.
 */
const KEPT_OFF_THE_ORDER_WRITER = [
  'zod',
  'nodemailer',
  'standardwebhooks',
  'rate-limiter-flexible',
  'sanitize-html',
  'postcss',
];

function checkOrderWriter(metafile: Metafile): void {
  const output = Object.entries(metafile.outputs).find(([file]) => path.basename(file) === 'orderWriter.js');
  if (!output) fail('the build made no orderWriter.js');
  for (const [file, input] of Object.entries(output[1].inputs)) {
    if (input.bytesInOutput === 0) continue;
    const kept = KEPT_OFF_THE_ORDER_WRITER.find((p) => file.includes(`node_modules/${p}/`));
    if (kept) {
      fail(
        `orderWriter.js includes ${kept} (${file}): import the narrow module the order writer needs, not one that brings ${kept} with it`,
      );
    }
  }
}

function readPackageJson(dir: string): z.infer<typeof packageJsonSchema> {
  return packageJsonSchema.parse(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')));
}

interface Placement {
  name: string;
  /** The package's real folder in the workspace's store. */
  from: string;
  /** Where it goes, relative to release/: node_modules/<name>, or nested under its dependent on a version clash. */
  to: string;
}

/**
 * Every package an external needs at run time: dependencies and the optional ones installed for this
 * platform, each resolved from the folder of the package that asks for it (so pnpm's layout is honoured).
 * Packages go flat into node_modules; when two versions of one package are needed, the second is nested
 * under the package that needs it, which is where Node looks first.
 */
function runtimeClosure(roots: string[]): Placement[] {
  const topLevel = new Map<string, string>();
  const placements: Placement[] = [];
  const placedAt = new Set<string>();
  const queue: Array<{ name: string; from: string[]; under: string }> = roots.map((name) => ({
    name,
    from: RESOLVE_FROM,
    under: 'node_modules',
  }));
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next || INSTALL_ONLY_PACKAGES.has(next.name)) continue;
    const dir = resolvePackageDir(next.name, next.from);
    if (!dir) {
      if (roots.includes(next.name)) fail(`cannot find ${next.name}; run pnpm install first`);
      continue;
    }
    const top = topLevel.get(next.name);
    if (top === dir) continue;
    let to = path.join('node_modules', next.name);
    if (top === undefined) topLevel.set(next.name, dir);
    else to = path.join(next.under, next.name);
    if (placedAt.has(to)) continue;
    placedAt.add(to);
    placements.push({ name: next.name, from: dir, to });
    const manifest = readPackageJson(dir);
    for (const dep of [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
    ]) {
      // pnpm links a package's dependencies beside it, in the node_modules folder that holds it.
      queue.push({ name: dep, from: [dir, ...RESOLVE_FROM], under: path.join(to, 'node_modules') });
    }
  }
  return placements;
}

/**
 * better-sqlite3 13 ships its addon prebuilt for each platform in prebuilds/ (a compiled one, if someone built
 * from source on purpose, sits in build/Release and wins): the release keeps the one for this machine and none
 * of the SQLite sources.
 */
const BETTER_SQLITE3_ADDONS = [
  path.join('build', 'Release', 'better_sqlite3.node'),
  path.join('prebuilds', `${process.platform}-${process.arch}.node`),
];

function keepFile(packageName: string, relative: string): boolean {
  if (packageName !== 'better-sqlite3') return !relative.startsWith(`node_modules${path.sep}`);
  if (relative === '' || relative === 'package.json' || relative === 'LICENSE') return true;
  if (relative === 'lib' || relative.startsWith(`lib${path.sep}`)) return true;
  return BETTER_SQLITE3_ADDONS.some(
    (addon) => addon === relative || addon.startsWith(`${relative}${path.sep}`),
  );
}

function copyPackage({ name, from, to }: Placement): void {
  cpSync(from, path.join(releaseDir, to), {
    recursive: true,
    dereference: true,
    filter: (source) => keepFile(name, path.relative(from, source)),
  });
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes .br and .gz beside every text asset, so the server sends them without compressing per request
 * (scripts/twins.ts).
 */
async function precompress(dir: string): Promise<number> {
  const files: string[] = [];
  const collect = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) collect(file);
      else if (COMPRESSIBLE.test(entry.name) && statSync(file).size >= 256) files.push(file);
    }
  };
  collect(dir);
  for (const file of files) {
    const bytes = readFileSync(file);
    writeFileSync(`${file}.br`, brotliTwin(bytes));
    writeFileSync(`${file}.gz`, await gzipTwin(bytes));
  }
  return files.length;
}

async function main(): Promise<void> {
  const started = Date.now();
  if (!existsSync(path.join(webDist, 'index.html'))) {
    fail(
      `the web app is not built (${webDist}/index.html missing): run "pnpm build" from the repository root`,
    );
  }
  if (!existsSync(path.join(migrationsDir, 'meta', '_journal.json')))
    fail(`no migrations in ${migrationsDir}`);

  rmSync(releaseDir, { recursive: true, force: true });
  mkdirSync(releaseDir, { recursive: true });

  const cliDir = path.join(serverDir, 'src', 'cli');
  const tools = ['staff', 'integrations', 'backup', 'restore'].filter((t) =>
    existsSync(path.join(cliDir, `${t}.ts`)),
  );
  const entryPoints = [
    { in: path.join(serverDir, 'src', 'main.ts'), out: 'server' },
    // The worker threads, which server.js and the tools start from beside them (workerScript() in @nursery/api).
    ...Object.entries(WORKER_SCRIPTS).map(([out, script]) => ({ in: path.join(apiSrc, script), out })),
    ...tools.map((t) => ({ in: path.join(cliDir, `${t}.ts`), out: t })),
  ];

  const result = await build({
    entryPoints,
    outdir: releaseDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    // Whitespace and syntax only: identifiers keep their names, so logged stack traces stay readable, and
    // fflate (backup archives) can rebuild its worker from its functions' source. keepNames would not do:
    // the __name() calls it inserts are undefined inside that worker.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    // Bundled CommonJS packages still call require() for Node's built-ins; ESM has no require of its own.
    banner: {
      js: "import { createRequire as __shopCreateRequire } from 'node:module'; const require = __shopCreateRequire(import.meta.url);",
    },
  });

  checkLoadedOnFirstUse(result.metafile);
  checkOrderWriter(result.metafile);

  const closure = runtimeClosure(EXTERNAL_PACKAGES);
  for (const placement of closure) copyPackage(placement);
  const sqliteDir = path.join(releaseDir, 'node_modules', 'better-sqlite3');
  if (!BETTER_SQLITE3_ADDONS.some((addon) => existsSync(path.join(sqliteDir, addon))))
    fail(
      `better-sqlite3 has no addon for ${process.platform}-${process.arch} in ${sqliteDir} (looked for ${BETTER_SQLITE3_ADDONS.join(', ')})`,
    );

  cpSync(migrationsDir, path.join(releaseDir, 'drizzle'), { recursive: true });
  // Litestream (REPLICA_URL) is one binary; the server and restore.js look for it beside themselves. Its npm
  // package exists for linux-x64 only: elsewhere the host sets LITESTREAM_PATH.
  try {
    const litestreamPackage = createRequire(import.meta.url).resolve(
      '@flydotio/litestream-linux-x64/package.json',
    );
    copyFileSync(
      path.join(path.dirname(litestreamPackage), 'litestream'),
      path.join(releaseDir, 'litestream'),
    );
  } catch {
    console.warn(
      'Litestream is not installed for this platform: set LITESTREAM_PATH on the host to use REPLICA_URL',
    );
  }
  // dist/.vite holds Vite's manifest, read by the benchmarks; nothing a visitor needs.
  cpSync(webDist, path.join(releaseDir, 'public'), {
    recursive: true,
    filter: (source) => path.relative(webDist, source) !== '.vite',
  });
  cpSync(path.join(webDist, '..', 'dist-server'), path.join(releaseDir, 'pages'), { recursive: true });
  const compressed = await precompress(path.join(releaseDir, 'public'));

  const rootManifest = z
    .object({ version: z.string(), engines: z.object({ node: z.string() }).optional() })
    .parse(JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')));
  writeFileSync(
    path.join(releaseDir, 'package.json'),
    `${JSON.stringify(
      {
        name: 'nursery-shop-release',
        version: rootManifest.version,
        private: true,
        type: 'module',
        engines: { node: rootManifest.engines?.node ?? '>=20.19' },
        scripts: {
          start: startCommand('server.js'),
          ...Object.fromEntries(tools.map((t) => [t, `node ${t}.js`])),
        },
      },
      null,
      2,
    )}\n`,
  );

  const bundleBytes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, output]) => `${path.basename(file)} ${(output.bytes / 1024).toFixed(0)} KB`);
  log(`release/ built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  log(`  bundles: ${bundleBytes.join(', ')}`);
  const nested = closure.filter((p) => p.to !== path.join('node_modules', p.name));
  log(`  node_modules: ${closure.length} packages for ${EXTERNAL_PACKAGES.join(', ')}`);
  for (const p of nested) log(`    nested (second version): ${p.to}`);
  log(`  public: web app with ${compressed} precompressed assets; drizzle: migrations`);
  if (tools.length < 4)
    log(
      `  command-line tools not in src/cli yet: ${['staff', 'integrations', 'backup', 'restore'].filter((t) => !tools.includes(t)).join(', ')}`,
    );
  log(`  start it with: ${startCommand('release/server.js')}   (PORT, HOST, DATA_DIR as usual)`);
}

await main();
