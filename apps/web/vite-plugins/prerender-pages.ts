// Build-time prerendering of the pages in PRERENDERED_PAGES into their copy of index.html.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

/** apps/web, where the paths below start. */
const webRoot = path.resolve(import.meta.dirname, '..');

/**
 * Pages whose markup is rendered at build time into their copy of index.html (see PAGE_PRELOADS):
 * signed-out pages as a visitor sees them, hydrated by the app; signed-in pages as a frame without
 * any user's data, shown by index.html's inline script only to a stored session it fits
 * (src/lib/early-requests.ts) and replaced by the app's first render.
 */
export const PRERENDERED_PAGES: Record<string, PrerenderKind> = {
  '/login/': 'signed-out',
  '/dashboard/organizer/': 'signed-in frame',
};

type PrerenderKind = 'signed-out' | 'signed-in frame';

/**
 * Build-time prerendering: after the browser build, a second (SSR) build of src/prerender.tsx
 * renders each page of `pages` with react-dom/server from the app's own components, in the default
 * language; the markup goes into `<div id="root">` of the page's copy of index.html (written by
 * sp:page-html): a signed-out page marked with `data-prerendered="<url>"` for src/main.tsx, a
 * signed-in frame in a `data-frame="<url>"` wrapper. The browser paints it once the HTML and the
 * stylesheet are in, before any script has run.
 */
export function prerenderPages(pages: Record<string, PrerenderKind>): Plugin {
  let outDir = '';
  let isSsr = false;
  let mode = 'production';
  return {
    name: 'sp:prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      isSsr = Boolean(config.build.ssr);
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
    },
    async closeBundle() {
      if (isSsr) return;
      // Inside the workspace, so that Node finds the externals the SSR build leaves out.
      const ssrDir = path.join(webRoot, 'node_modules/.cache/sp-prerender');
      await build({
        configFile: path.join(webRoot, 'vite.config.ts'),
        mode,
        logLevel: 'warn',
        build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true },
      });
      // Without a cache-busting query: the SSR build's chunks import this entry by its plain URL.
      const { prerender } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as {
        prerender: (url: string, kind: PrerenderKind) => Promise<string>;
      };
      for (const [url, kind] of Object.entries(pages)) {
        const file = path.join(outDir, url, 'index.html');
        if (!fs.existsSync(file)) throw new Error(`sp:prerender: ${url} has no page HTML (PAGE_PRELOADS)`);
        const html = fs.readFileSync(file, 'utf8');
        const empty = '<div id="root"></div>';
        if (!html.includes(empty)) throw new Error(`sp:prerender: ${file} has no empty #root`);
        const rendered = await prerender(url, kind);
        // React writes its resource hints (the logo's preload) before the markup; rendering a whole
        // document it would put them into the head, where hydration does not look for them.
        const hints = /^(?:<link [^>]*\/>)*/.exec(rendered)![0];
        const markup = rendered.slice(hints.length);
        if (/<script|<style|\sstyle=/i.test(rendered))
          throw new Error(`sp:prerender: ${url} rendered inline script or style, which the CSP blocks`);
        fs.writeFileSync(
          file,
          html
            .replace('  </head>', () => `${hints.replace(/<link /g, '    <link ').replace(/\/>/g, '/>\n')}  </head>`)
            .replace(empty, () =>
              kind === 'signed-out'
                ? `<div id="root" data-prerendered="${url}">${markup}</div>`
                : // Hidden by index.css until the inline script shows it; inert, as none of its
                  // controls work before the app's first render replaces the whole wrapper.
                  `<div id="root"><div data-frame="${url}" inert>${markup}</div></div>`,
            ),
        );
      }
    },
  };
}
