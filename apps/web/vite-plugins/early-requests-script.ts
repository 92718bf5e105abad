// The inline script that asks for a signed-in start's data while the app's scripts download.
import path from 'node:path';
import { build, type Plugin } from 'vite';

/** apps/web, where the paths below start. */
const webRoot = path.resolve(import.meta.dirname, '..');

/**
 * index.html's inline script: src/early-requests-entry.ts bundled on its own (a few hundred bytes
 * gzip) and written into the head after the config's preload, so that a signed-in start asks for
 * its profile and its page's data while the app's scripts download (src/lib/early-requests.ts,
 * decision 012). Inline, not a file: a file would wait for a connection behind the preloads. The
 * server allows it by its hash (apps/api/src/plugins/security-headers.ts hashes the inline scripts
 * of the pages it serves), so the CSP stays without 'unsafe-inline'.
 */
export function earlyRequestsScript(): Plugin {
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
          resolve: { alias: { '@': new URL('../src', import.meta.url).pathname } },
          build: {
            write: false,
            minify: true,
            sourcemap: false,
            lib: { entry: path.join(webRoot, entry), formats: ['iife'], name: 'spEarlyRequests' },
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
