import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * lucide-react's icon modules call its `createLucideIcon`, whose general builder (context, size and
 * stroke rules, class merging) weighs about 2 KB gzip on every page; web/lib/lucide-icon.ts draws the
 * same <svg> for the props the app uses. Server and browser builds both take it, so hydration matches.
 */
function leanIcons(): Plugin {
  const replacement = path.resolve(import.meta.dirname, 'web', 'lib', 'lucide-icon.ts');
  return {
    name: 'lean-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && /[\\/]node_modules[\\/]lucide-react[\\/]/.test(importer) && /(^|\/)createLucideIcon\.mjs$/.test(source)) return replacement;
      return null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [leanIcons(), tailwindcss(), reactRouter(), layout.plugin],
  // Bundled into the server build so only the icons in use are loaded, not the whole icon set.
  ssr: { noExternal: ['lucide-react'] },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 1 },
                { name: 'layout', test: layout.test },
              ],
            },
          },
        },
      },
}));
