import { afterEach, describe, expect, it } from 'vitest';
import { HELD_SUBMIT_TTL_MS, dropHeldSubmit, holdEarlySubmits, markAppStarted, takeHeldSubmit } from './early-submit';

const NOW = Date.UTC(2026, 10, 30, 8, 0, 0);

/** A login form like the prerendered one, in its own part of the document with the guard on it. */
function prerenderedLogin(pathname = '/login/'): { form: HTMLFormElement; submit: () => SubmitEvent } {
  const page = document.createElement('div');
  page.innerHTML = `
    <form method="post" novalidate>
      <input name="email" type="email" />
      <input name="password" type="password" />
      <input type="file" name="attachment" />
      <button type="submit">Log in</button>
    </form>`;
  document.body.append(page);
  holdEarlySubmits(page, { pathname }, () => NOW);
  const form = page.querySelector('form')!;
  return {
    form,
    submit: () => {
      const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(event);
      return event;
    },
  };
}

function type(form: HTMLFormElement, name: string, value: string): void {
  (form.elements.namedItem(name) as HTMLInputElement).value = value;
}

afterEach(() => {
  document.body.replaceChildren();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('sponsoring-platform.early-submit')];
});

describe('a prerendered form submitted before the app started', () => {
  it('is not sent by the browser, and its page takes the typed values once', () => {
    const { form, submit } = prerenderedLogin();
    type(form, 'email', 'anna@example.org');
    type(form, 'password', 'Geheim-2026!');

    expect(submit().defaultPrevented).toBe(true);

    // The file field is not text: only what a page can put back into its state.
    expect(takeHeldSubmit('/login/', NOW + 5_000)).toEqual({ email: 'anna@example.org', password: 'Geheim-2026!' });
    expect(takeHeldSubmit('/login/', NOW + 5_000)).toBeNull();
  });

  it('keeps only the last submission', () => {
    const { form, submit } = prerenderedLogin();
    type(form, 'email', 'first@example.org');
    submit();
    type(form, 'email', 'second@example.org');
    submit();
    expect(takeHeldSubmit('/login/', NOW)).toMatchObject({ email: 'second@example.org' });
  });

  it('is not given to another page, nor after HELD_SUBMIT_TTL_MS', () => {
    const { submit } = prerenderedLogin();
    submit();
    expect(takeHeldSubmit('/register/', NOW)).toBeNull();
    // Asked once by another page, it is gone: a later login page does not sign in with it.
    expect(takeHeldSubmit('/login/', NOW)).toBeNull();

    submit();
    expect(takeHeldSubmit('/login/', NOW + HELD_SUBMIT_TTL_MS + 1)).toBeNull();
  });

  it('is dropped when the app handled it itself (React hydrating on the event)', () => {
    const { submit } = prerenderedLogin();
    submit();
    dropHeldSubmit();
    expect(takeHeldSubmit('/login/', NOW)).toBeNull();
  });
});

describe('once the app has started', () => {
  it("leaves submissions to the app's own handlers", () => {
    const { form, submit } = prerenderedLogin();
    markAppStarted();
    let handled = false;
    form.addEventListener('submit', (event) => {
      handled = true;
      expect(event.defaultPrevented).toBe(false);
      event.preventDefault();
    });
    type(form, 'email', 'anna@example.org');
    submit();
    expect(handled).toBe(true);
    expect(takeHeldSubmit('/login/', NOW)).toBeNull();
  });
});

describe('the pending state of a held submission', () => {
  it('is shown when a submission is held and hidden once the app has started', () => {
    const shown: boolean[] = [];
    const page = document.createElement('form');
    document.body.append(page);
    holdEarlySubmits(
      page,
      { pathname: '/login/' },
      () => NOW,
      (held) => shown.push(held),
    );
    expect(shown).toEqual([]);
    page.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    expect(shown).toEqual([true]);
    markAppStarted();
    expect(shown).toEqual([true, false]);
    // After the start the app's own pending state answers: nothing shown here.
    page.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    expect(shown).toEqual([true, false]);
  });
});
