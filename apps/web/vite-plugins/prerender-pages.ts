// Build-time prerendering of the pages in PRERENDERED_PAGES into their copy of index.html.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

/** apps/web, where the paths below start. */
const webRoot = path.resolve(import.meta.dirname, '..');

/** Pages whose markup is rendered at build time into their copy of index.html (see PAGE_PRELOADS). */
export const PRERENDERED_PAGES = ['/login/'];

/**
 * Build-time prerendering: after the browser build, a second (SSR) build of src/prerender.tsx
 * renders each page of `urls` with react-dom/server from the app's own components, signed out, in
 * the default language; the markup goes into `<div id="root">` of the page's copy of index.html
 * (written by sp:page-html), marked with `data-prerendered="<url>"` for src/main.tsx. The browser
 * paints it once the HTML and the stylesheet are in, before any script has run.
 */
export function prerenderPages(urls: string[]): Plugin {
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
        prerender: (url: string) => Promise<string>;
      };
      for (const url of urls) {
        const file = path.join(outDir, url, 'index.html');
        if (!fs.existsSync(file)) throw new Error(`sp:prerender: ${url} has no page HTML (PAGE_PRELOADS)`);
        const html = fs.readFileSync(file, 'utf8');
        const empty = '<div id="root"></div>';
        if (!html.includes(empty)) throw new Error(`sp:prerender: ${file} has no empty #root`);
        const rendered = await prerender(url);
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
            .replace(empty, () => `<div id="root" data-prerendered="${url}">${markup}</div>`),
        );
      }
    },
  };
}
