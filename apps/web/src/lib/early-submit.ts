/**
 * A prerendered form submitted before the app has taken its page over.
 *
 * Why: the login page's markup is in its HTML (vite-plugins/prerender-pages.ts), so on a slow phone
 * the visitor can type and press Enter while the app's scripts still download. The form has no
 * handler yet, so the browser would submit it natively (to the page's own URL, which the server
 * does not take) and show an error page. index.html's inline script (src/early-requests-entry.ts)
 * therefore stops every native submission until the app's first render has committed, and keeps
 * the last one's values; the page the form belongs to takes them once it has started and goes on
 * as if the visitor had submitted just then (the login page signs in).
 *
 * Both bundles reach the same state through a global symbol, as they share no module instance.
 */

/** A held submission older than this is dropped: the visitor has moved on. */
export const HELD_SUBMIT_TTL_MS = 60_000;

type HeldSubmit = { pathname: string; values: Record<string, string>; heldAt: number };
type Holder = { started: boolean; held: HeldSubmit | null; showHeld?: (held: boolean) => void };

const HOLDER = Symbol.for('sponsoring-platform.early-submit');

function holder(): Holder {
  const global = globalThis as { [HOLDER]?: Holder };
  return (global[HOLDER] ??= { started: false, held: null });
}

/**
 * The inline script's guard: until markAppStarted, a submitted form is not sent by the browser;
 * its text fields (by name) are kept for the page. `showHeld` shows that a submission is under way
 * (true) until the app has started (false): index.html's script marks the document, and the
 * stylesheet gives the form's submit button a spinner, as the page's own pending state does later.
 */
export function holdEarlySubmits(
  target: Pick<Document, 'addEventListener'>,
  location: Pick<Location, 'pathname'>,
  now: () => number = Date.now,
  showHeld?: (held: boolean) => void,
): void {
  holder().showHeld = showHeld;
  target.addEventListener(
    'submit',
    (event) => {
      const state = holder();
      if (state.started) return;
      event.preventDefault();
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const values: Record<string, string> = {};
      for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
      state.held = { pathname: location.pathname, values, heldAt: now() };
      state.showHeld?.(true);
    },
    // Capturing, at the document: before any handler of the page's own.
    true,
  );
}

/** The app's first render has committed: from now on the app's own handlers answer submissions. */
export function markAppStarted(): void {
  const state = holder();
  state.started = true;
  // The page that takes the held values shows its own pending state from here on.
  state.showHeld?.(false);
}

/**
 * The values of the form submitted on `pathname` before the app started, once; null when there was
 * none, it was on another page, or it is older than HELD_SUBMIT_TTL_MS.
 */
export function takeHeldSubmit(pathname: string, now = Date.now()): Record<string, string> | null {
  const state = holder();
  const held = state.held;
  state.held = null;
  if (!held || held.pathname !== pathname || now - held.heldAt > HELD_SUBMIT_TTL_MS) return null;
  return held.values;
}

/** A submission the app's handler took itself (while React hydrated): not to be replayed. */
export function dropHeldSubmit(): void {
  holder().held = null;
}
