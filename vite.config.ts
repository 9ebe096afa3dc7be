import fs from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const WEB = path.resolve(import.meta.dirname, 'web') + path.sep;

/** The root and the public layout: every public page runs them and what they import. */
const LAYOUT_ROOTS = ['root.tsx', 'routes/public-layout.tsx'].map((file) => path.resolve(import.meta.dirname, 'web', file));
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/**
 * Chunks for the browser: the framework in one (cached across releases of the app), and the code of the
 * root and the public layout with what they import statically in another. Left alone, the bundler cuts
 * the latter into a chunk per set of routes sharing a module: a dozen files of a few hundred bytes
 * (an icon, a message file), each compressed on its own, about 2.5 KB gzip more on every public page.
 * Dynamic imports (the user menu's popup, toasts) stay out, loaded on first use.
 */
function layoutChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const layout = new Set<string>();
  const plugin: Plugin = {
    name: 'layout-chunk',
    apply: 'build',
    buildEnd() {
      layout.clear();
      const stack = [...LAYOUT_ROOTS];
      while (stack.length > 0) {
        const id = stack.pop() as string;
        if (layout.has(id)) continue;
        layout.add(id);
        // Our own modules only: packages come along as the bundler decides (icons by use, not the barrel).
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) if (!next.includes('node_modules') && !next.startsWith('\0')) stack.push(next);
      }
      // Route modules stay entries of their own.
      for (const root of LAYOUT_ROOTS) layout.delete(root);
    },
  };
  return { plugin, test: (id) => layout.has(id) };
}

const layout = layoutChunk();

const ROUTES = path.resolve(import.meta.dirname, 'web', 'routes');
/** More than the public routes plus the panels; each size of the set of pages loading a module has its group. */
const MAX_PAGE_GROUPS = 40;
const PANELS = 'panels';
const PANEL_ROUTE = /[\\/]routes[\\/](admin|moderator)[\\/]/;

/**
 * Chunks by the public pages that load them. Left alone, the bundler makes a chunk per set of routes
 * sharing a module, panel routes included: a public page then loads a dozen files of a few hundred
 * bytes (an icon, a button, a message file the panels share), each compressed on its own, about
 * 1.5 KB gzip more on the script page. Here a module's chunk is named by the public pages that load it
 * statically, so a page loads nothing it did not before, in fewer files; a panel loads the chunks of
 * the public modules it uses (a few hundred bytes it does not need, less than the files saved).
 */
function pageChunks(): { plugin: Plugin; groups: { name: (id: string) => string | null; priority: number }[] } {
  const users = new Map<string, { name: string; count: number }>();
  const plugin: Plugin = {
    name: 'page-chunks',
    apply: 'build',
    // The browser's build only: the server's must not replace the map the browser's chunks are named from.
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      users.clear();
      const sets = new Map<string, Set<string>>();
      const routes = [...this.getModuleIds()].filter((id) => id.startsWith(ROUTES + path.sep) && !id.includes('?'));
      for (const route of routes) {
        const user = PANEL_ROUTE.test(route) ? PANELS : path.relative(ROUTES, route).replace(/\.tsx?$/, '');
        const seen = new Set<string>();
        const stack = [...(this.getModuleInfo(route)?.importedIds ?? [])];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          // The framework has its chunk; leanIcons makes our icon imports name the icon's own module.
          if (seen.has(id) || FRAMEWORK.test(id) || id.startsWith('\0') || routes.includes(id)) continue;
          seen.add(id);
          const set = sets.get(id) ?? new Set<string>();
          set.add(user);
          sets.set(id, set);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      }
      for (const [id, set] of sets) {
        const pages = [...set].filter((user) => user !== PANELS).sort();
        // Panel-only modules are left to the bundler, and so is a module of one page alone: its route's chunk.
        if (pages.length === 0 || (pages.length === 1 && !set.has(PANELS))) continue;
        users.set(id, { name: `page-${pages.join('+')}`, count: pages.length });
      }
    },
  };
  // A group captures its modules' imports too, and an import is loaded by at least the same pages: so
  // the groups of modules more pages load come first (higher priority), and an import is never taken
  // into the chunk of a module fewer pages load.
  const groups = Array.from({ length: MAX_PAGE_GROUPS }, (_, index) => ({
    name: (id: string) => {
      const user = users.get(id);
      return user?.count === index + 1 ? user.name : null;
    },
    priority: index + 1,
  }));
  return { plugin, groups };
}

const pages = pageChunks();

/**
 * lucide-react, lean. Its icon modules call `createLucideIcon`, whose general builder (context, size and
 * stroke rules, class merging) weighs about 1 KB gzip on every page; web/lib/lucide-icon.ts draws the
 * same <svg> for the props the app uses. And our `import { Eye } from 'lucide-react'` becomes an import
 * of the icon's own module, not of the barrel that imports every icon, so pageChunks sees which page
 * uses which icon. Server and browser builds both take it, so hydration matches.
 */
/** The lucide-react icons that `roots` and the modules of ours they import name, read from the sources. */
function iconsOf(roots: string[]): Set<string> {
  const icons = new Set<string>();
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const [, names] of code.matchAll(/import \{([^}]*)\} from 'lucide-react';/g)) {
      for (const spec of (names as string).split(',')) if (spec.trim() && !spec.trim().startsWith('type ')) icons.add(spec.trim().split(/\s+as\s+/)[0] as string);
    }
    for (const [, target] of code.matchAll(/from '(\.[^']+\.tsx?)'/g)) stack.push(path.resolve(path.dirname(file), target as string));
  }
  return icons;
}

function leanIcons(): Plugin {
  // The real path: the bundler names modules by it, also where node_modules is a link (a worktree's).
  const lucide = fs.realpathSync(path.resolve(import.meta.dirname, 'node_modules', 'lucide-react', 'dist', 'esm'));
  const replacement = path.resolve(import.meta.dirname, 'web', 'lib', 'lucide-icon.ts');
  const files = new Map<string, string>();
  const barrel = fs.readFileSync(path.join(lucide, 'lucide-react.mjs'), 'utf8');
  for (const [, names, file] of barrel.matchAll(/export \{([^}]*)\} from '\.\/(icons\/[^']+)';/g)) {
    for (const [, name] of (names as string).matchAll(/default as (\w+)/g)) files.set(name as string, path.join(lucide, file as string));
  }
  const layoutIcons = iconsOf(LAYOUT_ROOTS);
  const iconImport = (scope: string) => (spec: string) => {
    const [name, local = name] = spec.split(/\s+as\s+/) as [string, string?];
    const file = files.get(name);
    if (!file) throw new Error(`lean-icons: no lucide-react icon ${name}`);
    // The header's and footer's icons are on every page already: one copy, in the layout chunk.
    return `import ${local} from ${JSON.stringify(layoutIcons.has(name) ? file : `${file}?in=${scope}`)};`;
  };
  return {
    name: 'lean-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.startsWith(lucide) && /(^|\/)createLucideIcon\.mjs$/.test(source)) return replacement;
      return null;
    },
    transform(code, id) {
      // Each shape's React key (six random characters, which compress badly): lucide-icon.ts passes
      // the shapes as separate children, which need none. Nor does it read `size` (24 for every icon)
      // or need the module's bare `__iconData.node;` statement.
      if (id.startsWith(lucide)) return code.replace(/,\s*key: "[^"]*"/g, '').replace(/\n\s*size: 24,/, '').replace(/^__iconData\.node;$/m, '');
      if (!id.startsWith(WEB) || !code.includes("from 'lucide-react'")) return null;
      return code.replace(/import \{([^}]*)\} from 'lucide-react';/g, (_statement, names: string) => {
        const specs = names.split(',').map((spec) => spec.trim()).filter(Boolean);
        const types = specs.filter((spec) => spec.startsWith('type ')).map((spec) => spec.slice(5));
        // A copy of an icon per folder that uses it: a few hundred bytes, cheaper with the code that
        // draws it than as a file of its own shared by a few pages.
        const scope = encodeURIComponent(path.relative(WEB, path.dirname(id)).replaceAll(path.sep, '/'));
        const icons = specs.filter((spec) => !spec.startsWith('type ')).map(iconImport(scope));
        return [...icons, types.length > 0 ? `import type { ${types.join(', ')} } from 'lucide-react';` : ''].join('');
      });
    },
  };
}

/**
 * Vite's preloader of a dynamic import's chunks, lean: every page ships it (the layout's user menu and
 * toasts load on first use). Vite's own also loads a chunk's CSS and reads a CSP nonce; this app has one
 * stylesheet, loaded up front, and no nonces. Same contract: add a modulepreload link per chunk not yet
 * on the page, then import; a failed import raises `vite:preloadError` first.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const LEAN_PRELOAD = `const seen = new Set();
export const __vitePreload = (load, deps) => {
  for (const dep of deps || []) {
    const href = '/' + dep;
    if (seen.has(href)) continue;
    seen.add(href);
    if (document.querySelector('link[href="' + href + '"]')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  return load().catch((error) => {
    const event = new Event('vite:preloadError', { cancelable: true });
    event.payload = error;
    window.dispatchEvent(event);
    if (!event.defaultPrevented) throw error;
  });
};
`;
function leanPreload(): Plugin {
  return {
    name: 'lean-preload',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    load: (id) => (id === PRELOAD_HELPER ? LEAN_PRELOAD : null),
    // Should a module ever import CSS, this preloader would not load it: the build stops instead.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && (chunk.viteMetadata?.importedCss.size ?? 0) > 0) this.error(`lean-preload: ${chunk.fileName} imports CSS, which this preloader does not load`);
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [leanIcons(), leanPreload(), tailwindcss(), reactRouter(), layout.plugin, pages.plugin],
  // Bundled into the server build so only the icons in use are loaded, not the whole icon set.
  ssr: { noExternal: ['lucide-react'] },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: MAX_PAGE_GROUPS + 2 },
                { name: 'layout', test: layout.test, priority: MAX_PAGE_GROUPS + 1 },
                ...pages.groups,
              ],
            },
          },
        },
      },
}));
