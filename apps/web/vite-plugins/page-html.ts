// One copy of index.html per page, preloading the chunks that page needs at start.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Pages that get their own copy of index.html naming every chunk they load at start
 * (`<link rel="modulepreload">`): the route files the URL matches and the modules the app imports
 * while starting there. Without it the browser learns of a route's chunks only after the entry
 * has run and /config.json has arrived, one request after another (150 ms each on a slow mobile
 * line). The server sends `<path>/index.html` for that path when it exists, else index.html.
 * A signed-in page also names what a session needs (the profile schema, the query client, all
 * German texts), at the price of those bytes for a signed-out visitor who is sent to /login/. Not the Cognito client: a
 * stored session with valid tokens is read without it (src/lib/auth/stored-session.ts); it loads
 * only to refresh expired tokens.
 */
export const PAGE_PRELOADS: Record<string, string[]> = {
  login: ['src/routes/login/index.tsx'],
  // In the order they are needed: the profile, the texts, then the page.
  'dashboard/organizer': [
    'src/lib/profile/user-profile-schema.ts',
    'src/lib/query-client.ts',
    'src/locales/de.json',
    'src/routes/_authenticated.tsx',
    'src/routes/_authenticated/_organiser.tsx',
    'src/routes/_authenticated/_organiser/dashboard/organizer/route.tsx',
    'src/routes/_authenticated/_organiser/dashboard/organizer/index.tsx',
  ],
};

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };

export function pageHtml(pages: Record<string, string[]>): Plugin {
  return {
    name: 'sp:page-html',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const outDir = options.dir!;
      const text = (name: string) => {
        const asset = bundle[name];
        if (asset?.type !== 'asset') throw new Error(`sp:page-html: the build has no ${name}`);
        return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
      };
      const manifest = JSON.parse(text('.vite/manifest.json')) as Record<string, ManifestChunk>;
      const html = text('index.html');
      const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('the manifest has no entry chunk');
      const loaded = new Set<string>();
      const collect = (key: string, files: Set<string>) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file) || loaded.has(chunk.file)) return;
        files.add(chunk.file);
        for (const imported of chunk.imports ?? []) collect(imported, files);
      };
      // What index.html loads already.
      collect(
        Object.keys(manifest).find((key) => manifest[key] === entry)!,
        loaded,
      );
      for (const [page, modules] of Object.entries(pages)) {
        const files = new Set<string>();
        for (const module of modules) {
          // A route file's code-split parts shown on the page (component and loader), or the module itself.
          const keys = Object.keys(manifest).filter((key) => {
            const [file, query] = key.split('?') as [string, string | undefined];
            if (file !== module) return false;
            const split = new URLSearchParams(query ?? '').get('tsr-split');
            return split === null || split.split('---').some((part) => part === 'component' || part === 'loader');
          });
          // A route without split parts (only a guard) is in the entry chunk.
          if (keys.length === 0 && !fs.existsSync(new URL(module, new URL('../', import.meta.url))))
            throw new Error(`sp:page-html: ${module} does not exist`);
          for (const key of keys) collect(key, files);
        }
        const links = [...files].map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`).join('');
        const pageFile = path.join(outDir, page, 'index.html');
        fs.mkdirSync(path.dirname(pageFile), { recursive: true });
        fs.writeFileSync(pageFile, html.replace('  </head>', `${links}  </head>`));
      }
    },
  };
}
