// Vite's configuration: which plugins, aliases, the dev proxy and the build's chunk groups. The
// plugins of our own are in vite-plugins/, one file each.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { earlyRequestsScript } from './vite-plugins/early-requests-script.ts';
import { localeGroups } from './vite-plugins/locale-groups.ts';
import { PAGE_PRELOADS, pageHtml } from './vite-plugins/page-html.ts';
import { PRERENDERED_PAGES, prerenderPages } from './vite-plugins/prerender-pages.ts';
import { productName } from './vite-plugins/product-name.ts';
import { sharedWithoutSideEffects } from './vite-plugins/shared-without-side-effects.ts';
import { sonnerOnFirstToast, sonnerWithoutInlineStyle } from './vite-plugins/sonner.ts';
import { tailwindMergeConfig } from './vite-plugins/tailwind-merge-config.ts';

const apiTarget = 'http://127.0.0.1:3000';

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
    productName(),
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
                  // With the password parts the profile shares (components/password, lib/password), and the
                  // login's further steps (login-steps: a new password, the authenticator code; decision 023).
                  test: /[\\/]src[\\/]features[\\/]auth[\\/](components[\\/](auth-card|form-alert|form-field|submit-button|text-link|login-steps|code-input)|hooks[\\/](use-complete-sign-in|use-identity)|utils[\\/](identity-errors|post-sign-in-target)|api[\\/](identity-client|get-sign-in-profile))\.tsx?$|[\\/]src[\\/]components[\\/]password[\\/][\w-]+\.tsx$|[\\/]src[\\/]lib[\\/]password[\\/](password-rules|use-password-strength|password-strength)\.ts$|[\\/]node_modules[\\/]lucide-react[\\/].*[\\/](check|dot)\.js$/,
                },
                // The small shared modules a signed-in page (first of all the organiser dashboard) loads
                // besides its route: query hooks, formatting, the chat list, the team and invoice figures
                // and the dashboard's icons, which were 27 files of 0.1-2.8 kB (one connection wave each
                // on a slow line, decision 012) and are now one. The wire schemas of @sp/shared are not
                // named here: a chunk's modules all run when it loads, and zod builds every schema as its
                // module runs, so the bundler places each schema file with the pages that use it (the
                // package has no side effects) and the dashboard's start builds only its own (decision 055).
                {
                  name: 'signed-in',
                  test: /[\\/]src[\\/](lib[\\/]format|hooks[\\/]use-format|lib[\\/]chat[\\/][\w-]+)\.ts$|[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]|[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/](iso|coerce)\.js$|[\\/]src[\\/]features[\\/](team[\\/]api[\\/]list-team-members|invoices[\\/](api[\\/]invoices|utils[\\/]money|components[\\/]invoice-sums)|packages[\\/]api[\\/]sponsoring-numbers)\.tsx?$|[\\/]node_modules[\\/]lucide-react[\\/].*[\\/](receipt-text|calendar-clock|mail|users|arrow-right|messages-square|hand-coins)\.mjs$/,
                },
              ],
            },
          },
        },
      },
}));
