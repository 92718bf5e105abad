import { describe, expect, it } from 'vitest';
import { judgePassword, passwordUserInputs } from './password-rule.ts';
import { checkPasswordStrength } from './password-strength.ts';

describe('password strength', () => {
  it.each(['Passwort1!', 'Sommer2026!', 'Password123_', 'Geheim1!', 'Hallo123!', 'Temporary-1'])(
    'refuses the common password %s',
    (password) => {
      const verdict = checkPasswordStrength(password);
      expect(verdict.acceptable).toBe(false);
      expect(verdict.reason).not.toBeNull();
      expect(verdict.score).toBeLessThan(3);
    },
  );

  it('names a listed password as common', () => {
    expect(checkPasswordStrength('Passwort1!').reason).toBe('common');
    expect(checkPasswordStrength('Password1!').reason).toBe('common');
  });

  it.each(['Correct-Horse-1', 'Wiesel-Kanu-Mond-7', 'Kx9#mPq2vL!z', 'Sponsor-2024!'])('accepts %s', (password) => {
    expect(checkPasswordStrength(password)).toMatchObject({ acceptable: true, reason: null });
  });

  it("refuses passwords built from the user's address or organisation name", () => {
    const inputs = passwordUserInputs('anna.schmidt@verein-sonnenschein.de', 'Förderverein Sonnenschein e.V.');
    expect(inputs).toEqual(expect.arrayContaining(['anna.schmidt', 'schmidt', 'sonnenschein', 'förderverein']));
    expect(checkPasswordStrength('Sonnenschein-77!', inputs)).toMatchObject({ acceptable: false, reason: 'personal' });
    expect(checkPasswordStrength('Anna.Schmidt1!', inputs).reason).toBe('personal');
    expect(checkPasswordStrength('Sonnenschein-77!').reason).not.toBe('personal');
  });

  it('judges only the first 64 characters, and a crafted password costs bounded time', () => {
    checkPasswordStrength('warm-up');
    for (const crafted of [
      'Xy7-'.repeat(200),
      'Ab1!'.repeat(16),
      '4@3!1$0|'.repeat(8),
      '1q2w3e4r5t6z7u8i9o0p'.repeat(4),
    ]) {
      const started = performance.now();
      checkPasswordStrength(crafted);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it('still sees common passwords in l33t', () => {
    expect(checkPasswordStrength('P@ssw0rd!').reason).toBe('common');
    expect(checkPasswordStrength('Passw0rt1!').acceptable).toBe(false);
    expect(checkPasswordStrength('S0mmer2026!').acceptable).toBe(false);
  });

  it('caps the score of a refused password below the minimum', () => {
    const verdict = judgePassword({
      password: 'sonnenschein-horse-battery',
      score: 4,
      sequence: [{ pattern: 'dictionary', dictionaryName: 'userInputs', token: 'sonnenschein', i: 0, j: 11 }],
      feedback: { warning: 'userInputs', suggestions: [] },
    });
    expect(verdict).toMatchObject({ acceptable: false, reason: 'personal', score: 2 });
  });
});
