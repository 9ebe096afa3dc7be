import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { buildSync } from 'esbuild';
import lighthouse from 'lighthouse';
import { pathIn } from '../web/i18n/reading.ts';
import ts from 'typescript';
import { scriptPath } from '../contract/slugs.ts';

/**
 * npm run bench:web [-- --runs 3 --skip-build --js-only]
 *
 * Web budgets of issue 4 section 4, measured (figures, never a timed test):
 * - first-load JavaScript of /scripts (and of / and one /scripts/{id}), gzip level 9, and whether any
 *   staff-panel code is in it;
 * - Lighthouse 12.8.2, mobile preset, median of --runs runs per page, against the production build.
 * Prints the figures and the failing audits, and writes the block between the web-budgets markers in
 * docs/performance.md (the rest of that file belongs to `npm run bench`). A missed target is printed, not
 * fatal; anything broken (build, server, Lighthouse) exits non-zero.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GZIP_LEVEL = 9;
const KB = 1000; // budgets are in KB = 1,000 bytes (the stricter reading)
/** The app's own first-load JavaScript a page may add to the framework's floor. */
const APP_BUDGET_KB = 15;
/** Pages that ask search engines not to index them. */
const NOINDEX = new Set(['/subscribe']);
/** Every public page; the script page is appended once a script id is known. */
const PUBLIC_PAGES = ['/', '/scripts', '/info', '/subscribe', '/seo', '/privacy', '/terms', '/cookies'];
const TARGET = { performance: 95, accessibility: 95, seo: 100 } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const MARK_START = '<!-- web-budgets:start -->';
const MARK_END = '<!-- web-budgets:end -->';
/** Strings that only the staff panels use (their storage keys, docs/product.md#client-storage, and the moderator login). */
const PANEL_MARKERS = ['adminToken', 'moderatorToken', 'Вход для модератора'];
/** Sources of the staff panels, relative to web/; everything else under web/ is public. */
const PANEL_SOURCES = [/^routes\/admin\//, /^routes\/moderator\//, /^features\/(admin|moderator|staff)\//];
const PANEL_PATH = /^(admin|moderator)(\/|$)/;
const CACHE = path.join(ROOT, 'bench', '.cache', 'web');

const { values } = parseArgs({
  args: process.argv.slice(2),
  strict: true,
  options: {
    runs: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
    // Sizes only: no Lighthouse, and docs/performance.md is left alone.
    'js-only': { type: 'boolean', default: false },
    // Lighthouse on these pages only (comma-separated, `detail` for the script page, `/ru/detail` for its Russian reading); sizes cover all.
    pages: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a whole number ≥ 1');

// ---------------------------------------------------------------------------------------------------
// Clean-up: the server, every Chromium and the temporary directories go, however the command ends.

const children = new Set<ChildProcess>();
const chromes = new Set<number>();
const tempDirs = new Set<string>();

function cleanUp() {
  for (const child of children) child.kill('SIGKILL');
  for (const pid of chromes) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping`);
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------------
// Build: a fresh `npm run build`, then a private copy so a concurrent rebuild cannot change the files
// under the running server.

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, ManifestRoute>;
  url: string;
  version: string;
}
interface Build {
  /** The directory the server runs in: holds build/ (client, server, app). */
  home: string;
  client: string;
  manifest: Manifest;
  builtAt: Date;
}

function runBuild(): void {
  console.log('npm run build …');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`npm run build failed (exit ${result.status}):\n${output}`);
  }
  console.log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function readManifest(buildDir: string): Manifest {
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  const main = path.join(buildDir, 'app', 'main.mjs');
  for (const file of [serverEntry, main]) if (!fs.existsSync(file)) throw new Error(`missing ${path.relative(ROOT, file)}`);
  // The server build's entry, or (when the build splits its code) one of its chunks, names the client manifest.
  const chunks = path.join(buildDir, 'server', 'assets');
  const serverFiles = [serverEntry, ...(fs.existsSync(chunks) ? fs.readdirSync(chunks).filter((name) => name.endsWith('.js')).map((name) => path.join(chunks, name)) : [])];
  const url = serverFiles.map((file) => /"url":\s*"(\/assets\/manifest-[^"]+\.js)"/.exec(fs.readFileSync(file, 'utf8'))?.[1]).find(Boolean);
  if (!url) throw new Error('no client manifest URL in the server build (build/server)');
  const text = fs.readFileSync(path.join(buildDir, 'client', url), 'utf8');
  const start = text.indexOf('{');
  const manifest = JSON.parse(text.slice(start, text.lastIndexOf('}') + 1)) as Manifest;
  if (manifest.url !== url) throw new Error(`client manifest ${manifest.url} does not match the server build's ${url}`);
  const files = [manifest.entry.module, ...manifest.entry.imports, ...manifest.entry.css];
  for (const route of Object.values(manifest.routes)) files.push(route.module, ...(route.imports ?? []), ...(route.css ?? []));
  for (const file of files) {
    if (!fs.existsSync(path.join(buildDir, 'client', file))) throw new Error(`manifest lists ${file}, which is not in the build`);
  }
  return manifest;
}

async function freshBuild(): Promise<Build> {
  const home = path.join(CACHE, `build-${process.pid}`);
  tempDirs.add(home);
  for (let attempt = 1; ; attempt++) {
    try {
      if (!values['skip-build']) runBuild();
      fs.rmSync(home, { recursive: true, force: true });
      fs.cpSync(path.join(ROOT, 'build'), path.join(home, 'build'), { recursive: true });
      // Checked on the copy: a build that raced with another engineer's shows up as a broken manifest.
      const manifest = readManifest(path.join(home, 'build'));
      const builtAt = fs.statSync(path.join(home, 'build', 'server', 'index.js')).mtime;
      return { home, client: path.join(home, 'build', 'client'), manifest, builtAt };
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`  build attempt ${attempt} failed (${firstLine(error)}); another build may have raced, retrying`);
      await sleep(5_000 * attempt);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Server: `node build/app/main.mjs` (from the private copy), empty temporary DATA_DIR, demo catalogue.

interface Server {
  url: string;
  proc: ChildProcess;
  exited: Promise<number | null>;
  output: string[];
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startServer(build: Build): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-data-'));
  tempDirs.add(dataDir);
  // A minimal environment: nothing from the caller's shell (SITE_URL, DATABASE_URL, …) changes the pages.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_CATALOGUE: 'on',
    LOG_LEVEL: 'warn',
  };
  const proc = spawn(process.execPath, ['build/app/main.mjs'], { cwd: build.home, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(proc);
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      // The generated admin password of this throwaway database is not worth printing anywhere.
      output.push(/password/i.test(line) ? '[line with a generated password omitted]' : line);
      if (output.length > 60) output.shift();
    }
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => {
    children.delete(proc);
    resolve(code);
  }));
  let dead = false;
  void exited.then(() => (dead = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (dead) throw new Error(`the server exited before answering /api/health (exit ${proc.exitCode}):\n${output.join('\n')}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { url, proc, exited, output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer /api/health within 90 s:\n${output.join('\n')}`);
    await sleep(200);
  }
}

async function stopServer(server: Server): Promise<void> {
  if (!children.has(server.proc)) throw new Error(`the server died during the run:\n${server.output.join('\n')}`);
  server.proc.kill('SIGTERM');
  const timer = setTimeout(() => server.proc.kill('SIGKILL'), 15_000);
  const code = await server.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`the server did not shut down cleanly (exit ${code}):\n${server.output.join('\n')}`);
}

// ---------------------------------------------------------------------------------------------------
// First-load JavaScript.

interface JsFile {
  file: string;
  raw: number;
  gzip: number;
}
interface PanelHit {
  file: string;
  reason: string;
}
interface FirstLoad {
  page: string;
  url: string;
  routes: string[];
  files: JsFile[];
  raw: number;
  gzip: number;
  /** JavaScript inline in the HTML (the route manifest and the module imports); not in the budget. */
  inlineGzip: number;
  htmlGzip: number;
  cssGzip: number;
  /** Files of the set the HTML does not modulepreload (fetched in a waterfall instead). */
  notPreloaded: string[];
  /** Chunks the first-load files import dynamically: loaded on demand, not counted. */
  lazy: string[];
  panel: PanelHit[];
  /** Marker strings found, explained by public sources that define them too (not counted as panel code). */
  explainedMarkers: PanelHit[];
  /** How the set compares with the scripts Chromium fetched during the Lighthouse run. */
  crossCheck?: string;
}

const gzipCache = new Map<string, JsFile>();
function sizeOf(client: string, file: string): JsFile {
  let entry = gzipCache.get(file);
  if (!entry) {
    const bytes = fs.readFileSync(path.join(client, file));
    entry = { file, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: GZIP_LEVEL }).length };
    gzipCache.set(file, entry);
  }
  return entry;
}

const STATIC_IMPORT =
  /\b(?:import|export)\s*(?:\*\s*(?:as\s+[\w$]+\s*)?|\{[^}]*\}\s*|[\w$]+\s*(?:,\s*(?:\{[^}]*\}|\*\s*as\s+[\w$]+)\s*)?)?(?:from\s*)?["']([^"'\s]+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"'\s]+\.js)["']\s*\)/g;
const PRELOADED_DEPS = /["'](assets\/[^"'\s]+\.js)["']/g; // Vite's __vite__mapDeps lists of dynamic imports

function specifiers(code: string, pattern: RegExp, base: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(pattern)) {
    const spec = match[1];
    if (spec === undefined) continue;
    const resolved = spec.startsWith('assets/') ? `/${spec}` : new URL(spec, `http://x${base}`).pathname;
    if (resolved.startsWith('/assets/')) found.push(resolved);
  }
  return found;
}

interface Html {
  preloads: string[];
  scriptSrcs: string[];
  inline: string[];
  css: string[];
}
function parseHtml(html: string): Html {
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
  const preloads: string[] = [];
  const css: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') preloads.push(new URL(href, 'http://x/').pathname);
    if (rel === 'stylesheet') css.push(new URL(href, 'http://x/').pathname);
  }
  const scriptSrcs: string[] = [];
  const inline: string[] = [];
  for (const [, open, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(open ?? '', 'src');
    if (src) scriptSrcs.push(new URL(src, 'http://x/').pathname);
    else if (/type\s*=\s*"module"/i.test(open ?? '')) inline.push(body ?? '');
  }
  return { preloads, scriptSrcs, inline, css };
}

function routeModulesOf(inline: string[]): string[] {
  for (const code of inline) {
    const object = /window\.__reactRouterRouteModules\s*=\s*\{([^}]*)\}/.exec(code)?.[1];
    if (object !== undefined) return [...object.matchAll(/"([^"]+)"\s*:/g)].map((m) => m[1] ?? '');
  }
  throw new Error('no window.__reactRouterRouteModules in the server-rendered HTML (React Router changed its output?)');
}

interface PanelIndex {
  routeModules: Map<string, string>;
  panelOnlyChunks: Map<string, string>;
  fingerprints: Map<string, string>;
  publicText: string;
  publicFiles: Map<string, string>;
}

function fullPath(manifest: Manifest, route: ManifestRoute): string {
  const parts: string[] = [];
  for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
    if (at.path) parts.unshift(at.path);
  }
  return parts.join('/').replace(/^\/+/, '');
}

function listSources(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => /\.(ts|tsx|css)$/.test(name) && !name.endsWith('.d.ts') && !name.startsWith('+types'));
}

/** String literals and JSX text of a source file that survive minification verbatim. */
function literalsOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const parent = node.parent;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const skip =
        ts.isImportDeclaration(parent) ||
        ts.isExportDeclaration(parent) ||
        ts.isLiteralTypeNode(parent) ||
        ts.isExternalModuleReference(parent) ||
        ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node);
      if (!skip) found.push(node.text);
    } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      found.push(node.text);
    } else if (ts.isJsxText(node)) {
      found.push(
        node.text
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .join(' '),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function panelIndex(manifest: Manifest): PanelIndex {
  const routeModules = new Map<string, string>();
  const publicImports = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const panelImports = new Map<string, string>();
  for (const route of Object.values(manifest.routes)) {
    const where = `/${fullPath(manifest, route)}`;
    if (PANEL_PATH.test(fullPath(manifest, route))) {
      routeModules.set(route.module, `route module of ${where} (${route.id})`);
      for (const file of route.imports ?? []) if (!panelImports.has(file)) panelImports.set(file, where);
    } else {
      publicImports.add(route.module);
      for (const file of route.imports ?? []) publicImports.add(file);
    }
  }
  const panelOnlyChunks = new Map<string, string>();
  for (const [file, where] of panelImports) {
    if (!publicImports.has(file) && !routeModules.has(file)) panelOnlyChunks.set(file, `chunk imported only by panel routes (e.g. ${where})`);
  }

  const webDir = path.join(ROOT, 'web');
  const panelFiles = new Map<string, string>();
  const publicFiles = new Map<string, string>();
  for (const name of listSources(webDir)) {
    const text = fs.readFileSync(path.join(webDir, name), 'utf8');
    (PANEL_SOURCES.some((pattern) => pattern.test(name)) ? panelFiles : publicFiles).set(`web/${name}`, text);
  }
  const publicText = [...publicFiles.values()].join('\n');
  const fingerprints = new Map<string, string>();
  for (const [name, text] of panelFiles) {
    if (name.endsWith('.css')) continue;
    for (const literal of literalsOf(name, text)) {
      if (literal.length < 8 || /["'`\\]/.test(literal) || [...literal].some((char) => char < ' ')) continue;
      if (!/\s/.test(literal) && [...literal].every((char) => char <= '~') && !literal.startsWith('/api/')) continue;
      if (publicText.includes(literal) || fingerprints.has(literal)) continue;
      fingerprints.set(literal, name);
    }
  }
  return { routeModules, panelOnlyChunks, fingerprints, publicText, publicFiles };
}

function findPanelCode(client: string, files: string[], index: PanelIndex): { panel: PanelHit[]; explained: PanelHit[] } {
  const panel: PanelHit[] = [];
  const explained: PanelHit[] = [];
  for (const file of files) {
    const routeModule = index.routeModules.get(file);
    if (routeModule) panel.push({ file, reason: routeModule });
    const chunk = index.panelOnlyChunks.get(file);
    if (chunk) panel.push({ file, reason: chunk });
    const code = fs.readFileSync(path.join(client, file), 'utf8');
    const bySource = new Map<string, string[]>();
    for (const [literal, source] of index.fingerprints) {
      if (code.includes(literal)) bySource.set(source, [...(bySource.get(source) ?? []), literal]);
    }
    for (const [source, literals] of bySource) {
      const sample = literals.slice(0, 3).map((text) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text));
      panel.push({ file, reason: `${literals.length} string(s) only ${source} has, e.g. ${sample.join(', ')}` });
    }
    for (const marker of PANEL_MARKERS) {
      if (!code.includes(marker)) continue;
      if ([...bySource.values()].some((literals) => literals.includes(marker))) continue; // already reported above
      const definers = [...index.publicFiles].filter(([, text]) => text.includes(marker)).map(([name]) => name);
      const hit = { file, reason: `marker ${JSON.stringify(marker)}${definers.length > 0 ? ` (also in public source ${definers.join(', ')})` : ''}` };
      (definers.length > 0 ? explained : panel).push(hit);
    }
  }
  return { panel, explained };
}

async function firstLoad(page: string, baseUrl: string, build: Build, index: PanelIndex): Promise<FirstLoad> {
  const url = `${baseUrl}${page}`;
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${page} answered ${response.status}`);
  const html = await response.text();
  const parsed = parseHtml(html);
  const routes = routeModulesOf(parsed.inline);

  const fromHtml = new Set([...parsed.preloads.filter((file) => file.endsWith('.js')), ...parsed.scriptSrcs]);
  for (const code of parsed.inline) {
    for (const file of [...specifiers(code, STATIC_IMPORT, '/'), ...specifiers(code, DYNAMIC_IMPORT, '/')]) fromHtml.add(file);
  }
  const { manifest } = build;
  const set = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routes) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`${page}: route ${id} is not in the build's manifest`);
    set.add(route.module);
    for (const file of route.imports ?? []) set.add(file);
  }
  for (const file of fromHtml) set.add(file);
  // Close over static imports, in case the manifest or the HTML misses one.
  const lazy = new Set<string>();
  const queue = [...set];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (!fs.existsSync(path.join(build.client, file))) throw new Error(`${page} loads ${file}, which is not in the build`);
    const code = fs.readFileSync(path.join(build.client, file), 'utf8');
    for (const dep of specifiers(code, STATIC_IMPORT, file)) {
      if (!set.has(dep) && fs.existsSync(path.join(build.client, dep))) {
        set.add(dep);
        queue.push(dep);
      }
    }
    for (const dep of [...specifiers(code, DYNAMIC_IMPORT, file), ...specifiers(code, PRELOADED_DEPS, file)]) lazy.add(dep);
  }
  for (const file of set) lazy.delete(file);

  const files = [...set].map((file) => sizeOf(build.client, file)).sort((a, b) => b.gzip - a.gzip);
  const css = [...new Set([...parsed.css, ...(manifest.entry.css ?? [])])].filter((file) => fs.existsSync(path.join(build.client, file)));
  const { panel, explained } = findPanelCode(build.client, [...set], index);
  return {
    page,
    url,
    routes,
    files,
    raw: sum(files.map((file) => file.raw)),
    gzip: sum(files.map((file) => file.gzip)),
    inlineGzip: sum(parsed.inline.map((code) => zlib.gzipSync(code, { level: GZIP_LEVEL }).length)),
    htmlGzip: zlib.gzipSync(html, { level: GZIP_LEVEL }).length,
    cssGzip: sum(css.map((file) => sizeOf(build.client, file).gzip)),
    notPreloaded: [...set].filter((file) => !fromHtml.has(file)).sort(),
    lazy: [...lazy].filter((file) => fs.existsSync(path.join(build.client, file))).sort(),
    panel,
    explainedMarkers: explained,
  };
}

const FLOOR_TEXT = 'react, react-dom and React Router\'s HydratedRouter hydrating an empty route tree, bundled alone by esbuild, minified, one file';

/**
 * What the stack costs before any app code: the client entry's framework imports bundled on their own.
 * A budget below this figure cannot be met by trimming the app.
 */
function frameworkFloor(): number {
  const result = buildSync({
    stdin: {
      contents: [
        "import { createElement, startTransition } from 'react';",
        "import { hydrateRoot } from 'react-dom/client';",
        "import { HydratedRouter } from 'react-router/dom';",
        'startTransition(() => { hydrateRoot(document, createElement(HydratedRouter)); });',
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('esbuild wrote no framework bundle');
  return zlib.gzipSync(code, { level: GZIP_LEVEL }).length;
}

// ---------------------------------------------------------------------------------------------------
// Lighthouse.

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type LhrAudit = Lhr['audits'][string];

interface FailingAudit {
  category: string;
  id: string;
  title: string;
  score: number;
  displayValue: string;
  /** In how many of the runs this audit scored below 0.9. */
  failedRuns: number;
  weight: number;
  savingsMs: number;
}
interface PageLighthouse {
  page: string;
  runs: Lhr[];
  scores: Record<Category, number>;
  allScores: Record<Category, number[]>;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  failing: FailingAudit[];
  /** Scripts the browser actually requested while loading the page (median run), for the cross-check. */
  scriptsRequested: string[];
  benchmarkIndex: number;
  warnings: string[];
}

async function lighthouseRun(url: string): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    handleSIGINT: false,
  });
  if (chrome.pid !== undefined) chromes.add(chrome.pid);
  const watchdog = setTimeout(() => {
    // A hung run: killing Chromium makes Lighthouse fail instead of waiting forever.
    if (chrome.pid !== undefined) process.kill(chrome.pid, 'SIGKILL');
  }, 240_000);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    for (const category of CATEGORIES) {
      if (typeof lhr.categories[category]?.score !== 'number') throw new Error(`Lighthouse gave no ${category} score for ${url}`);
    }
    return lhr;
  } finally {
    clearTimeout(watchdog);
    try {
      await chrome.kill();
    } catch {
      // already gone
    }
    if (chrome.pid !== undefined) chromes.delete(chrome.pid);
  }
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function isFailing(audit: LhrAudit | undefined): audit is LhrAudit & { score: number } {
  if (!audit || audit.score === null) return false;
  if (['informative', 'manual', 'notApplicable', 'error'].includes(audit.scoreDisplayMode)) return false;
  return audit.score < 0.9;
}

function savingsOf(audit: LhrAudit): number {
  const savings = audit.metricSavings as Record<string, number | undefined> | undefined;
  const fromMetrics = (savings?.LCP ?? 0) + (savings?.FCP ?? 0) + (savings?.TBT ?? 0);
  const details = audit.details as { overallSavingsMs?: number } | undefined;
  return Math.max(fromMetrics, details?.overallSavingsMs ?? 0);
}

function pageLighthouse(page: string, runs: Lhr[]): PageLighthouse {
  const allScores = Object.fromEntries(
    CATEGORIES.map((category) => [category, runs.map((lhr) => Math.round((lhr.categories[category]?.score ?? 0) * 100))]),
  ) as Record<Category, number[]>;
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, median(allScores[category])])) as Record<Category, number>;
  // The run whose performance score is the median one stands for the page in the audit list.
  const order = runs.map((lhr, i) => ({ i, score: lhr.categories.performance?.score ?? 0 })).sort((a, b) => a.score - b.score);
  const representative = runs[order[Math.floor((order.length - 1) / 2)]?.i ?? 0] as Lhr;
  const metric = (id: string) => median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));

  const failing: FailingAudit[] = [];
  const seen = new Set<string>();
  for (const category of CATEGORIES) {
    for (const ref of representative.categories[category]?.auditRefs ?? []) {
      const audit = representative.audits[ref.id];
      if (seen.has(ref.id) || !isFailing(audit)) continue;
      seen.add(ref.id);
      failing.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue ?? '',
        failedRuns: runs.filter((lhr) => isFailing(lhr.audits[ref.id])).length,
        weight: ref.weight,
        savingsMs: savingsOf(audit),
      });
    }
  }
  failing.sort(
    (a, b) =>
      CATEGORIES.indexOf(a.category as Category) - CATEGORIES.indexOf(b.category as Category) ||
      b.weight * (1 - b.score) - a.weight * (1 - a.score) ||
      b.savingsMs - a.savingsMs ||
      a.score - b.score,
  );

  const requests = (representative.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  const scriptsRequested = requests
    .filter((item) => item.resourceType === 'Script')
    .map((item) => {
      try {
        return new URL(item.url).pathname;
      } catch {
        return item.url;
      }
    })
    .sort();
  return {
    page,
    runs,
    scores,
    allScores,
    metrics: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
    },
    failing,
    scriptsRequested,
    benchmarkIndex: median(runs.map((lhr) => lhr.environment.benchmarkIndex)),
    warnings: [...new Set(runs.flatMap((lhr) => lhr.runWarnings))],
  };
}

// ---------------------------------------------------------------------------------------------------
// Report.

function sum(numbers: number[]): number {
  return numbers.reduce((total, value) => total + value, 0);
}
function kb(bytes: number): string {
  return (bytes / KB).toFixed(1);
}
function ms(value: number): string {
  return Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : 'n/a';
}
function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}
function mdCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
function table(head: string[], rows: string[][], align: ('l' | 'r')[]): string[] {
  const widths = head.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => row.map((cell, i) => (align[i] === 'r' ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join('  ');
  return [line(head), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)];
}
function mdTable(head: string[], rows: string[][], align: ('l' | 'r')[]): string[] {
  return [
    `| ${head.join(' | ')} |`,
    `| ${align.map((a) => (a === 'r' ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(mdCell).join(' | ')} |`),
  ];
}

interface Target {
  met: boolean;
  text: string;
  value: string;
}

function targets(js: FirstLoad[], lh: PageLighthouse[], floor: number): Target[] {
  const out: Target[] = [];
  for (const item of js) {
    out.push(
      {
        met: item.gzip <= floor + APP_BUDGET_KB * KB,
        text: `first-load JS of ${item.page} ≤ the framework floor + ${APP_BUDGET_KB} KB gzip (${kb(floor + APP_BUDGET_KB * KB)} KB)`,
        value: `${kb(item.gzip)} KB (app +${kb(item.gzip - floor)})`,
      },
      {
        met: item.panel.length === 0,
        text: `no panel code in the first-load JS of ${item.page}`,
        value: item.panel.length === 0 ? 'none found' : `${new Set(item.panel.map((hit) => hit.file)).size} file(s) with panel code`,
      },
    );
  }
  for (const page of lh) {
    out.push(
      { met: page.scores.performance >= TARGET.performance, text: `Lighthouse mobile performance ≥ ${TARGET.performance} on ${page.page}`, value: String(page.scores.performance) },
      NOINDEX.has(page.page)
        ? {
            // Kept out of search results on purpose (a gate, not content): only "is crawlable" may fail.
            met: page.failing.every((audit) => audit.category !== 'seo' || audit.id === 'is-crawlable'),
            text: `Lighthouse SEO on ${page.page} (noindex on purpose): no failing audit but is-crawlable`,
            value: String(page.scores.seo),
          }
        : { met: page.scores.seo >= TARGET.seo, text: `Lighthouse SEO ${TARGET.seo} on ${page.page}`, value: String(page.scores.seo) },
      { met: page.scores.accessibility >= TARGET.accessibility, text: `Lighthouse accessibility ≥ ${TARGET.accessibility} on ${page.page}`, value: String(page.scores.accessibility) },
    );
  }
  return out;
}

/** The top performance audits, and every failing audit of the other categories. */
function topAudits(page: PageLighthouse): { shown: FailingAudit[]; hidden: number } {
  const performance = page.failing.filter((audit) => audit.category === 'performance');
  const rest = page.failing.filter((audit) => audit.category !== 'performance');
  const shown = [...performance.slice(0, TOP_AUDITS), ...rest];
  return { shown, hidden: page.failing.length - shown.length };
}

function auditRow(audit: FailingAudit, runs: number): string[] {
  return [audit.category, audit.id, audit.title, audit.score.toFixed(2), audit.displayValue, `${audit.failedRuns}/${runs}`];
}
const AUDIT_HEAD = ['category', 'audit', 'title', 'score', 'value', 'failed in'];
const AUDIT_ALIGN: ('l' | 'r')[] = ['l', 'l', 'l', 'r', 'l', 'r'];
const TOP_FILES = 10;
const TOP_AUDITS = 10;

function terminalReport(js: FirstLoad[], lh: PageLighthouse[], goals: Target[]): string {
  const lines: string[] = ['', `First-load JavaScript (gzip level ${GZIP_LEVEL}, KB = ${KB} bytes)`];
  lines.push(
    ...table(
      ['page', 'files', 'raw KB', 'gzip KB', 'inline gz KB', 'CSS gz KB', 'HTML gz KB', 'panel code'],
      js.map((item) => [
        item.page,
        String(item.files.length),
        kb(item.raw),
        kb(item.gzip),
        kb(item.inlineGzip),
        kb(item.cssGzip),
        kb(item.htmlGzip),
        item.panel.length === 0 ? 'none' : `YES (${item.panel.length})`,
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  );
  for (const item of js) {
    lines.push('', `${item.page}: routes ${item.routes.join(' > ')}; biggest files`);
    lines.push(...table(['file', 'raw KB', 'gzip KB', 'share'], item.files.slice(0, TOP_FILES).map((f) => [f.file, kb(f.raw), kb(f.gzip), `${((f.gzip / item.gzip) * 100).toFixed(0)} %`]), ['l', 'r', 'r', 'r']));
    if (item.files.length > TOP_FILES) lines.push(`… and ${item.files.length - TOP_FILES} more files, ${kb(sum(item.files.slice(TOP_FILES).map((f) => f.gzip)))} KB gzip together`);
    for (const hit of item.panel) lines.push(`  PANEL CODE ${hit.file}: ${hit.reason}`);
    for (const hit of item.explainedMarkers) lines.push(`  note ${hit.file}: ${hit.reason}`);
    if (item.notPreloaded.length > 0) lines.push(`  not modulepreloaded by the HTML: ${item.notPreloaded.join(', ')}`);
    if (item.lazy.length > 0) lines.push(`  lazy chunks (dynamic imports, not counted): ${item.lazy.join(', ')}`);
    if (item.crossCheck) lines.push(`  cross-check: ${item.crossCheck}`);
  }

  lines.push('', `Lighthouse ${lh[0]?.runs[0]?.lighthouseVersion ?? ''} mobile, median of ${RUNS} run(s)`);
  lines.push(
    ...table(
      ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'perf runs'],
      lh.map((page) => [
        page.page,
        String(page.scores.performance),
        String(page.scores.accessibility),
        String(page.scores['best-practices']),
        String(page.scores.seo),
        ms(page.metrics.fcp),
        ms(page.metrics.lcp),
        `${Math.round(page.metrics.tbt)} ms`,
        page.metrics.cls.toFixed(3),
        ms(page.metrics.si),
        page.allScores.performance.join(' '),
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  );
  for (const page of lh) {
    lines.push('', `${page.page}: failing audits (score < 0.9) of the median run`);
    const { shown, hidden } = topAudits(page);
    if (shown.length === 0) lines.push('  none');
    else lines.push(...table(AUDIT_HEAD, shown.map((audit) => auditRow(audit, page.runs.length)), AUDIT_ALIGN));
    if (hidden > 0) lines.push(`… and ${hidden} more performance audits (see the JSON reports)`);
    for (const warning of page.warnings) lines.push(`  Lighthouse warning: ${warning}`);
  }

  lines.push('', 'Targets');
  for (const goal of goals) lines.push(`  ${goal.met ? 'met   ' : 'MISSED'} ${goal.text}: ${goal.value}`);
  return lines.join('\n');
}

interface RunInfo {
  date: string;
  build: Build;
  freshBuild: boolean;
  loadBefore: string;
  loadAfter: string;
  chromium: string;
  detailPage: string;
  /** Lighthouse runs that failed and were repeated. */
  retries: string[];
  /** gzip bytes of the framework alone (frameworkFloor). */
  floor: number;
}

/** Judged on the load before the command started: the load after includes its own build and Chromium. */
function busy(info: RunInfo): boolean {
  return Number(info.loadBefore.split(' / ')[0]) > os.cpus().length;
}

function markdownSection(info: RunInfo, js: FirstLoad[], lh: PageLighthouse[], goals: Target[]): string {
  const out: string[] = [MARK_START, '## Web budgets', ''];
  out.push(
    `Written by \`npm run bench:web\` (bench/web.ts${RUNS !== 3 ? `, --runs ${RUNS}` : ''}); re-run it to refresh this section. Figures, not timed tests.`,
    '',
    `- Date: ${info.date}`,
    `- Build: ${info.freshBuild ? 'fresh `npm run build`' : 'existing build (--skip-build)'} of ${info.build.builtAt.toISOString()}, served by \`node build/app/main.mjs\` with an empty DATA_DIR and DEMO_CATALOGUE=on (the demo catalogue); detail page ${info.detailPage}`,
    `- Machine: ${os.cpus().length} cores, load average (1, 5, 15 min) ${info.loadBefore} before, ${info.loadAfter} after (this command's own build and Chromium included); Lighthouse benchmarkIndex ${lh.map((page) => Math.round(page.benchmarkIndex)).join(' / ')}`,
    `- Lighthouse ${lh[0]?.runs[0]?.lighthouseVersion ?? '?'} on Node ${process.version}, default mobile preset (simulated slow 4G, 4× CPU slowdown), ${info.chromium}, median of ${RUNS} run(s) per page`,
    `- JavaScript sizes: each file gzip-compressed with node:zlib at level ${GZIP_LEVEL}, summed; KB = ${KB} bytes`,
    ...(info.retries.length > 0 ? [`- Lighthouse runs repeated after a failure: ${info.retries.join('; ')}`] : []),
    '',
    ...(busy(info) ? [`**WARNING: the machine was busy (1-minute load average above ${os.cpus().length} before the run); the Lighthouse performance figures (CPU-bound TBT, script evaluation) are less reliable.**`, ''] : []),
    '### Targets',
    '',
    ...goals.map((goal) => `- ${goal.met ? 'met   ' : 'MISSED'} ${goal.text}: ${goal.value}`),
    '',
    `Framework floor: ${kb(info.floor)} KB gzip (${FLOOR_TEXT}). Every page pays it before any code of ours; the rest of the first-load figure is the app's own.`,
    '',
    '### First-load JavaScript',
    '',
    ...mdTable(
      ['page', 'JS files', 'raw KB', 'gzip KB', 'inline module script gz KB', 'CSS gz KB', 'HTML gz KB', 'panel code'],
      js.map((item) => [
        item.page,
        String(item.files.length),
        kb(item.raw),
        kb(item.gzip),
        kb(item.inlineGzip),
        kb(item.cssGzip),
        kb(item.htmlGzip),
        item.panel.length === 0 ? 'none' : 'YES',
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
    '',
    'First-load JS = entry.client + the matched route modules (root, layout, page) + everything they import statically, as listed by the build\'s React Router manifest and the HTML\'s modulepreload links and inline module script. The inline script (the page\'s slice of the route manifest) ships inside the HTML and is not counted. Panel code = a module of an /admin or /moderator route, a chunk only those routes import, or a string literal that only web/routes/{admin,moderator} or web/features/{admin,moderator,staff} contain, or one of the markers adminToken, moderatorToken, Вход для модератора.',
    '',
  );
  for (const item of js) {
    out.push(`Biggest files of ${item.page}:`, '');
    out.push(...mdTable(['file', 'raw KB', 'gzip KB', 'share'], item.files.slice(0, 8).map((f) => [f.file, kb(f.raw), kb(f.gzip), `${((f.gzip / item.gzip) * 100).toFixed(0)} %`]), ['l', 'r', 'r', 'r']));
    out.push('');
    for (const hit of item.panel) out.push(`- panel code in ${hit.file}: ${hit.reason}`);
    for (const hit of item.explainedMarkers) out.push(`- note: ${hit.file} has ${hit.reason}`);
    if (item.crossCheck) out.push(`- cross-check: ${item.crossCheck}`);
    out.push('');
  }
  out.push(
    '### Lighthouse (mobile, median)',
    '',
    ...mdTable(
      ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'performance per run'],
      lh.map((page) => [
        page.page,
        String(page.scores.performance),
        String(page.scores.accessibility),
        String(page.scores['best-practices']),
        String(page.scores.seo),
        ms(page.metrics.fcp),
        ms(page.metrics.lcp),
        `${Math.round(page.metrics.tbt)} ms`,
        page.metrics.cls.toFixed(3),
        ms(page.metrics.si),
        page.allScores.performance.join(', '),
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
    '',
  );
  for (const page of lh) {
    out.push(`Failing audits of ${page.page} (score < 0.9, the run with the median performance score):`, '');
    const { shown, hidden } = topAudits(page);
    if (shown.length === 0) out.push('- none', '');
    else out.push(...mdTable(AUDIT_HEAD, shown.map((audit) => auditRow(audit, page.runs.length)), AUDIT_ALIGN), '');
    if (hidden > 0) out.push(`… and ${hidden} more performance audits.`, '');
  }
  out.push(MARK_END);
  return out.join('\n');
}

function writeDocs(section: string): void {
  const file = path.join(ROOT, 'docs', 'performance.md');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const start = current.indexOf(MARK_START);
  const end = current.indexOf(MARK_END);
  let next: string;
  if (start !== -1 && end > start) next = current.slice(0, start) + section + current.slice(end + MARK_END.length);
  else next = `${current.replace(/\s*$/, '')}${current.trim() === '' ? '' : '\n\n'}${section}\n`;
  fs.writeFileSync(file, next);
  console.log(`\nWrote the web budgets section of ${path.relative(ROOT, file)}`);
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  if (!fs.existsSync(process.env.CHROME_PATH)) throw new Error(`no Chromium at CHROME_PATH=${process.env.CHROME_PATH}`);
  const date = new Date().toISOString();
  const loadBefore = loadAverage();

  const build = await freshBuild();
  const index = panelIndex(build.manifest);
  console.log(`Build ${build.manifest.version}; ${index.routeModules.size} panel route modules, ${index.panelOnlyChunks.size} panel-only chunks, ${index.fingerprints.size} panel-only strings to look for`);

  const server = await startServer(build);
  console.log(`Server up at ${server.url}`);
  const first = await fetch(`${server.url}/api/scripts/paginated?limit=1&offset=0`);
  if (!first.ok) throw new Error(`GET /api/scripts/paginated answered ${first.status}`);
  const { scripts } = (await first.json()) as { scripts: { id: number; playsname: string }[] };
  const script = scripts[0];
  if (script === undefined) throw new Error('the demo catalogue is empty');
  // The script page at its canonical address, and the first game's page.
  const detailPage = scriptPath(script);
  const games = (await (await fetch(`${server.url}/api/games`)).json()) as { slug: string }[];
  const gamePages = games[0] ? ['/games', `/games/${games[0].slug}`] : ['/games'];
  // The executors' pages (issue 27): the list and the first executor's scripts.
  const executors = (await (await fetch(`${server.url}/api/executors`)).json()) as { slug: string }[];
  const executorPages = executors[0] ? ['/executors', `/executors/${executors[0].slug}`] : ['/executors'];
  const specPages = [...PUBLIC_PAGES.slice(0, 2), detailPage, ...gamePages, ...executorPages, ...PUBLIC_PAGES.slice(2)];
  // Every page in its three readings (issue 29): the budget holds in each.
  const pages = [...specPages, ...specPages.map((page) => pathIn('en', page)), ...specPages.map((page) => pathIn('ru', page))];
  // `detail` names the script page; `/ru/detail`, its Russian reading.
  const chosen = values.pages?.split(',').map((page) => (page === 'detail' ? detailPage : page === '/ru/detail' ? pathIn('ru', detailPage) : page));
  // Lighthouse: the specification's pages, and the Russian catalogue and script page.
  const lighthousePages = chosen ? pages.filter((page) => chosen.includes(page)) : [...specPages, pathIn('ru', '/scripts'), pathIn('ru', detailPage)];

  const js: FirstLoad[] = [];
  for (const page of pages) js.push(await firstLoad(page, server.url, build, index));
  const floor = frameworkFloor();
  console.log(`Framework floor: ${kb(floor)} KB gzip (${FLOOR_TEXT})`);
  if (values['js-only']) {
    await stopServer(server);
    console.log(terminalReport(js, [], targets(js, [], floor)));
    return;
  }

  const reports = path.join(CACHE, 'lighthouse');
  fs.rmSync(reports, { recursive: true, force: true });
  fs.mkdirSync(reports, { recursive: true });
  const lh: PageLighthouse[] = [];
  const retries: string[] = [];
  for (const page of lighthousePages) {
    const runs: Lhr[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const started = Date.now();
      let lhr: Lhr | undefined;
      // Lighthouse occasionally loses the trace (NO_NAVSTART, NO_FCP): such a run is retried twice, then fatal.
      for (let attempt = 1; !lhr; attempt++) {
        try {
          lhr = await lighthouseRun(`${server.url}${page}`);
        } catch (error) {
          if (attempt >= 3) throw error;
          retries.push(`${page} run ${run}: ${firstLine(error)}`);
          console.warn(`  retrying ${page} run ${run} after: ${firstLine(error)}`);
        }
      }
      runs.push(lhr);
      const slug = page === '/' ? 'home' : page.slice(1).replace(/\//g, '-');
      fs.writeFileSync(path.join(reports, `${slug}-${run}.json`), JSON.stringify(lhr));
      const scores = CATEGORIES.map((category) => `${category} ${Math.round((lhr.categories[category]?.score ?? 0) * 100)}`).join(', ');
      console.log(`Lighthouse ${page} run ${run}/${RUNS}: ${scores} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    lh.push(pageLighthouse(page, runs));
  }

  // Cross-check of the static analysis: the scripts Chromium fetched while Lighthouse loaded each page.
  for (const page of lh) {
    const item = js.find((entry) => entry.page === page.page);
    if (!item) continue;
    const counted = new Set(item.files.map((file) => file.file));
    const extra = page.scriptsRequested.filter((file) => !counted.has(file));
    const missing = [...counted].filter((file) => !page.scriptsRequested.includes(file));
    item.crossCheck =
      extra.length + missing.length === 0
        ? `Chromium fetched exactly these ${counted.size} scripts`
        : [
            extra.length > 0 ? `Chromium also fetched ${extra.join(', ')} (not counted)` : '',
            missing.length > 0 ? `Chromium did not fetch ${missing.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('; ');
  }

  await stopServer(server);
  const goals = targets(js, lh, floor);
  const chromium = (lh[0]?.runs[0]?.environment.hostUserAgent.match(/HeadlessChrome\/[\d.]+/)?.[0] ?? 'Chromium').replace('HeadlessChrome', 'Chromium');
  const info: RunInfo = { date, build, freshBuild: !values['skip-build'], loadBefore, loadAfter: loadAverage(), chromium, detailPage, retries, floor };
  console.log(terminalReport(js, lh, goals));
  console.log(`\nLoad average (1, 5, 15 min): ${info.loadBefore} before, ${info.loadAfter} after${busy(info) ? ' — the machine was busy; performance figures are less reliable' : ''}`);
  console.log(`\nLighthouse JSON reports: ${path.relative(ROOT, reports)}/`);
  writeDocs(markdownSection(info, js, lh, goals));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nbench:web failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
