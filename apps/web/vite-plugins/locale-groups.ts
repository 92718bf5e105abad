// `?groups=` imports of a locale file: only the named groups of its texts.
import fs from 'node:fs';
import type { Plugin } from 'vite';

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
