import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { createTailwindMerge, getDefaultConfig, validators, type Config as TwConfig } from 'tailwind-merge';

const apiTarget = 'http://127.0.0.1:3000';

/**
 * The server sends `style-src 'self'`, which blocks <style> elements created at run time.
 * sonner injects its stylesheet that way on import; its stylesheet is imported from
 * src/index.css instead, and this removes the injection from the production bundle.
 * The build fails loudly if a sonner upgrade changes the code this relies on.
 */
function sonnerWithoutInlineStyle(): Plugin {
  return {
    name: 'sp:sonner-without-inline-style',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const replaced = code.replace(/^__insertCSS\(/m, 'void (');
      if (replaced === code) this.error('sonner no longer calls __insertCSS at top level; revisit vite.config.ts');
      return { code: replaced, map: null };
    },
  };
}

/**
 * `import texts from './de.json?groups=common,auth.login'`: only those groups of a locale file (a
 * dotted name takes one subgroup),
 * so that the first page carries the texts it shows and not every feature's (the full file is
 * imported lazily beside it, src/lib/i18n.ts). A group that the file does not have fails the build.
 * Also in the unit tests (vitest.config.ts), so that they see what the app sees.
 */
export function localeGroups(): Plugin {
  const prefix = '\0sp-locale-groups:';
  return {
    name: 'sp:locale-groups',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = /^(.+\.json)\?groups=([\w,.]+)$/.exec(source);
      if (!match) return null;
      const resolved = await this.resolve(match[1]!, importer, { skipSelf: true });
      return resolved ? `${prefix}${resolved.id}?${match[2]}` : null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const [file, list] = id.slice(prefix.length).split('?') as [string, string];
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked: Record<string, unknown> = {};
      for (const group of list.split(',')) {
        const [top, sub] = group.split('.') as [string, string | undefined];
        const texts = all[top] as Record<string, unknown> | undefined;
        if (!texts || (sub !== undefined && !(sub in texts))) this.error(`${file} has no group "${group}"`);
        if (sub === undefined) picked[top] = texts;
        else picked[top] = { ...(picked[top] as Record<string, unknown> | undefined), [sub]: texts[sub] };
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}

/** Every whitespace-separated word inside a string literal of src/: the classes the app writes. */
export function classTokens(dir = path.join(import.meta.dirname, 'src')): Set<string> {
  const tokens = new Set<string>();
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const match of fs.readFileSync(full, 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g))
          for (const token of (match[1] ?? match[2] ?? match[3] ?? '').split(/\s+/))
            if (/^[!\w:[\]/.%#()=&>*@,-]+$/.test(token)) tokens.add(token);
      }
    }
  };
  visit(dir);
  return tokens;
}

/** The default configuration restricted to the class groups that `tokens` use. */
export function reducedTailwindMergeConfig(tokens: Iterable<string>): TwConfig<string, string> {
  const full = getDefaultConfig();
  // A class without its variants (sm:, hover:) and important marks; classes of a group repeat-merge.
  const bases = new Set<string>();
  for (const token of tokens) {
    const base = token.replace(/^(?:[^:[\]]+:|\[[^\]]*\]:)+/, '').replace(/^!|!$/g, '');
    if (base) bases.add(base);
  }
  const kept = Object.keys(full.classGroups).filter((group) => {
    const single = createTailwindMerge(() => ({
      ...full,
      cacheSize: 0,
      classGroups: { [group]: full.classGroups[group as keyof typeof full.classGroups] },
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
      postfixLookupClassGroups: [],
    }));
    for (const base of bases) if (single(`${base} ${base}`) === base) return true;
    return false;
  });
  const keep = new Set(kept);
  const pick = <T extends Record<string, unknown>>(record: T) =>
    Object.fromEntries(Object.entries(record).filter(([group]) => keep.has(group)));
  return {
    ...full,
    classGroups: pick(full.classGroups),
    conflictingClassGroups: Object.fromEntries(
      Object.entries(pick(full.conflictingClassGroups)).map(([group, others]) => [
        group,
        (others as string[]).filter((other) => keep.has(other)),
      ]),
    ),
    conflictingClassGroupModifiers: pick(full.conflictingClassGroupModifiers),
    postfixLookupClassGroups: (full.postfixLookupClassGroups ?? []).filter((group) => keep.has(group)),
  } as TwConfig<string, string>;
}

/** JavaScript source of a tailwind-merge configuration: validators and theme getters by name. */
function configSource(config: TwConfig<string, string>): string {
  const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));
  const toCode = (value: unknown): string => {
    if (typeof value === 'function') {
      const name = validatorNames.get(value);
      if (name) return `validators.${name}`;
      if ((value as { isThemeGetter?: boolean }).isThemeGetter) {
        let key: string | symbol = '';
        (value as (theme: object) => unknown)(new Proxy({}, { get: (_target, k) => ((key = k), []) }));
        return `fromTheme(${JSON.stringify(key)})`;
      }
      throw new Error(`tailwind-merge configuration holds an unknown function: ${String(value).slice(0, 80)}`);
    }
    if (Array.isArray(value)) return `[${value.map(toCode).join(',')}]`;
    if (value && typeof value === 'object')
      return `{${Object.entries(value)
        .map(([key, v]) => `${JSON.stringify(key)}:${toCode(v)}`)
        .join(',')}}`;
    return JSON.stringify(value) ?? 'undefined';
  };
  return `import { fromTheme, validators } from 'tailwind-merge';\nexport default ${toCode(config)};\n`;
}

/**
 * `virtual:tailwind-merge-config`: tailwind-merge's default configuration, which describes every
 * Tailwind utility (~8 kB gzip in the first chunk), restricted to the class groups of the classes
 * written in src/ (the words Tailwind's own scan finds, so a class the app can use at all). cn()
 * then merges every one of those classes as the full configuration does; src/lib/utils.test.ts
 * compares both over every pair of them. Also in the unit tests (vitest.config.ts).
 */
export function tailwindMergeConfig(): Plugin {
  const id = 'virtual:tailwind-merge-config';
  return {
    name: 'sp:tailwind-merge-config',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(loaded) {
      if (loaded !== `\0${id}`) return null;
      return configSource(reducedTailwindMergeConfig(classTokens()));
    },
  };
}

/**
 * sonner (~6 kB gzip) is loaded on the first toast, not with the first page: in the build, the
 * app's imports of 'sonner' resolve to src/components/ui/sonner.tsx, which loads it when a toast is
 * shown. The app's code and its tests import sonner directly (docs/decisions/006-bundle-budget.md).
 */
function sonnerOnFirstToast(): Plugin {
  const wrapper = new URL('./src/components/ui/sonner.tsx', import.meta.url).pathname;
  return {
    name: 'sp:sonner-on-first-toast',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'sonner' || !importer || importer === wrapper || importer.includes('/node_modules/')) return null;
      return wrapper;
    },
  };
}

/**
 * The shared package is declarations only (schemas, limits): a module of it that nothing imports
 * may be dropped. Without this every import of '@sp/shared' runs (and ships) all its schemas.
 */
function sharedWithoutSideEffects(): Plugin {
  return {
    name: 'sp:shared-without-side-effects',
    apply: 'build',
    transform(_code, id) {
      if (!/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id)) return null;
      return { moduleSideEffects: false };
    },
  };
}

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

function pageHtml(pages: Record<string, string[]>): Plugin {
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
          if (keys.length === 0 && !fs.existsSync(new URL(module, import.meta.url)))
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

/**
 * index.html's inline script: src/early-requests-entry.ts bundled on its own (a few hundred bytes
 * gzip) and written into the head after the config's preload, so that a signed-in start asks for
 * its profile and its page's data while the app's scripts download (src/lib/early-requests.ts,
 * decision 012). Inline, not a file: a file would wait for a connection behind the preloads. The
 * server allows it by its hash (apps/api/src/plugins/security-headers.ts hashes the inline scripts
 * of the pages it serves), so the CSP stays without 'unsafe-inline'.
 */
function earlyRequestsScript(): Plugin {
  const entry = 'src/early-requests-entry.ts';
  const marker = /(<link rel="preload" href="\/config\.json"[^>]*>\n)/;
  return {
    name: 'sp:early-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!marker.test(html)) throw new Error('sp:early-requests: index.html has no preload of /config.json');
        const result = await build({
          configFile: false,
          logLevel: 'warn',
          resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
          build: {
            write: false,
            minify: true,
            sourcemap: false,
            lib: { entry: path.join(import.meta.dirname, entry), formats: ['iife'], name: 'spEarlyRequests' },
          },
        });
        const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string; code?: string }[] }[];
        const code = outputs[0]?.output.find((file) => file.type === 'chunk')?.code?.trim();
        if (!code) throw new Error(`sp:early-requests: bundling ${entry} gave no code`);
        if (code.includes('</script')) throw new Error(`sp:early-requests: ${entry} contains </script`);
        return html.replace(marker, (link: string) => `${link}    <script>${code}</script>\n`);
      },
    },
  };
}

/** Pages whose markup is rendered at build time into their copy of index.html (see PAGE_PRELOADS). */
export const PRERENDERED_PAGES = ['/login/'];

/**
 * Build-time prerendering: after the browser build, a second (SSR) build of src/prerender.tsx
 * renders each page of `urls` with react-dom/server from the app's own components, signed out, in
 * the default language; the markup goes into `<div id="root">` of the page's copy of index.html
 * (written by sp:page-html), marked with `data-prerendered="<url>"` for src/main.tsx. The browser
 * paints it once the HTML and the stylesheet are in, before any script has run.
 */
function prerenderPages(urls: string[]): Plugin {
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
      const ssrDir = path.join(import.meta.dirname, 'node_modules/.cache/sp-prerender');
      await build({
        configFile: path.join(import.meta.dirname, 'vite.config.ts'),
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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    localeGroups(),
    tailwindMergeConfig(),
    sonnerOnFirstToast(),
    sharedWithoutSideEffects(),
    react(),
    tailwindcss(),
    sonnerWithoutInlineStyle(),
    ...(isSsrBuild ? [] : [earlyRequestsScript(), pageHtml(PAGE_PRELOADS), prerenderPages(PRERENDERED_PAGES)]),
  ],
  define: {
    // amazon-cognito-identity-js reads `global`; without this the page stays blank.
    global: 'globalThis',
  },
  resolve: {
    alias: {
      '@': new URL('./src', import.meta.url).pathname,
      // Radix's scroll lock injects a <style> element; this replacement uses constructable
      // stylesheets, which a strict style-src allows (see src/lib/csp-style-singleton.ts).
      'react-style-singleton': new URL('./src/lib/csp-style-singleton.ts', import.meta.url).pathname,
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/identity': apiTarget,
      '/config.json': apiTarget,
      '/dev': apiTarget,
    },
  },
  // The prerendering build (sp:prerender) runs in Node at build time: bundle everything it uses.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { sourcemap: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // dist/.vite/manifest.json: the chunk graph the bundle-size budget and the benchmark follow
        // from each route to the files it loads (scripts/bench/bundle.mjs).
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'boot', tags: ['$initial'] },
                // query-core is loaded after the start (src/lib/lazy-query-client.ts): one file
                // rather than the four its modules would otherwise be split into (1.2 kB less gzip).
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]query-core[\\/]/ },
                // The login page's modules, in two files rather than the ten small shared chunks they
                // were split into: over HTTP/1.1 each file waits for one of six connections, and a
                // slow line pays a round trip per wave of them (decision 012, session 5). The form
                // controls every form page uses, and the sign-in parts the public auth pages share.
                {
                  name: 'form-controls',
                  test: /[\\/]src[\\/]components[\\/]ui[\\/](input|label|card)\.tsx$|[\\/]node_modules[\\/]@radix-ui[\\/]react-label[\\/]|[\\/]node_modules[\\/]lucide-react[\\/].*[\\/](circle-check|circle-exclamation-point)\.js$/,
                },
                {
                  name: 'sign-in',
                  test: /[\\/]src[\\/]features[\\/]auth[\\/](components[\\/](auth-card|form-alert|form-field|password-input|submit-button|text-link)|hooks[\\/](use-complete-sign-in|use-identity)|utils[\\/](identity-errors|post-sign-in-target)|api[\\/](identity-client|get-sign-in-profile))\.tsx?$/,
                },
              ],
            },
          },
        },
      },
}));
