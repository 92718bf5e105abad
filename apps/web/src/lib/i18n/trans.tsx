/**
 * A text with markup, as react-i18next's `<Trans>` did for this app: `<name>…</name>` (or
 * `<name/>`) in the text becomes a copy of `components[name]` holding what the tags enclose, and
 * `{{value}}` in text between tags is replaced from `values`. The text is split into tags before
 * the values are inserted, so a value is always plain text (React escapes it), never markup. A tag
 * without a component stays as written.
 */
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation, type TranslationKey } from './index';
import { interpolate } from './translator';

type TransProps = {
  i18nKey: TranslationKey;
  values?: { readonly [name: string]: unknown };
  components?: { readonly [name: string]: ReactElement };
};

type Open = { name: string; source: string; children: ReactNode[] };

const TAG = /<(\/?)(\w+)\s*(\/?)>/g;

export function Trans({ i18nKey, values, components = {} }: TransProps): ReactNode {
  const { t } = useTranslation();
  const text = t(i18nKey);
  const root: Open = { name: '', source: '', children: [] };
  const stack = [root];
  let top = root;
  let last = 0;
  let keys = 0;
  const element = (name: string, children: ReactNode[] | undefined) =>
    cloneElement(components[name]!, { key: keys++ }, ...(children ?? []));

  for (const match of text.matchAll(TAG)) {
    const [source, closing, name = '', selfClosing] = match;
    if (match.index > last) top.children.push(interpolate(text.slice(last, match.index), values));
    last = match.index + source.length;
    const known = Object.hasOwn(components, name);
    if (closing && top !== root && top.name === name) {
      const done = stack.pop()!;
      top = stack.at(-1)!;
      top.children.push(element(done.name, done.children));
    } else if (!closing && known && selfClosing) {
      top.children.push(element(name, undefined));
    } else if (!closing && known) {
      top = { name, source, children: [] };
      stack.push(top);
    } else {
      top.children.push(source);
    }
  }
  if (last < text.length) top.children.push(interpolate(text.slice(last), values));
  // An unclosed tag: as written, with what followed it.
  while (top !== root) {
    const open = stack.pop()!;
    top = stack.at(-1)!;
    top.children.push(open.source, ...open.children);
  }
  return <>{root.children}</>;
}
