/**
 * Drop-in replacement for `react-style-singleton` (aliased in vite.config.ts).
 *
 * Radix's scroll lock (react-remove-scroll) adds its CSS through a run-time <style> element,
 * which the server's `style-src 'self'` refuses (and Chromium logs a console error). This
 * version adopts a constructable stylesheet instead: CSSOM is not governed by style-src.
 * Same exports and semantics: the CSS is added when the first user mounts and removed
 * when the last one unmounts.
 */
import { useEffect, useState } from 'react';

type StyleSheetSingleton = { add: (css: string) => void; remove: () => void };

function adoptSheet(css: string): CSSStyleSheet | null {
  if (typeof document === 'undefined' || !('adoptedStyleSheets' in document)) return null;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return sheet;
  } catch {
    return null;
  }
}

export function stylesheetSingleton(): StyleSheetSingleton {
  let counter = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(css) {
      if (counter === 0) sheet = adoptSheet(css);
      counter++;
    },
    remove() {
      counter--;
      if (counter === 0 && sheet) {
        const adopted = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== adopted);
        sheet = null;
      }
    },
  };
}

export function styleHookSingleton(): (styles: string, isDynamic?: boolean) => void {
  const sheet = stylesheetSingleton();
  return function useStyle(styles: string, isDynamic?: boolean) {
    const [stylesOnMount] = useState(styles);
    const css = isDynamic ? styles : stylesOnMount;
    useEffect(() => {
      sheet.add(css);
      return () => sheet.remove();
    }, [css]);
  };
}

export function styleSingleton(): (props: { styles: string; dynamic?: boolean }) => null {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }) {
    useStyle(styles, dynamic);
    return null;
  };
}
