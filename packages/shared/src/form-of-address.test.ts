import { describe, expect, it } from 'vitest';
import { informalAddress } from './form-of-address.ts';

describe('informalAddress', () => {
  it.each([
    ['Bestätigung erfolgreich! Du kannst dich jetzt einloggen.', ['Du', 'dich', 'kannst']],
    ['Bitte lade eine PDF-Datei hoch.', ['lade']],
    ['Tritt unserem Team auf der Plattform bei:', ['Tritt']],
    ['Hast du Fragen? Schreib uns.', ['du', 'Hast', 'Schreib']],
    ['Dein Paket ist bestätigt; bitte prüfe deine Angaben.', ['Dein', 'deine', 'prüfe']],
    ['Ihr Link:\nÖffne ihn bald.', ['Öffne']],
    ['Wir haben dir eine E-Mail geschickt.', ['dir']],
  ])('finds the du-form in "%s"', (text, words) => {
    expect(informalAddress(text)).toEqual(words);
  });

  it.each([
    'Bestätigung erfolgreich! Sie können sich jetzt anmelden.',
    'Bitte laden Sie eine PDF-Datei hoch.',
    'Treten Sie unserem Team bei.',
    'Ein Sponsor aus Dubai, direkt und ohne Umwege: Diagramm, Dienst, Durchlauf.',
    'Das Passwort enthält Teile Ihrer E-Mail-Adresse. Teile der Daten bleiben.',
    'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
    'Die Organisation hat ihr Konto gelöscht; ihr Stand: 1.234,56 EUR.',
    'Abdullah Duda, Dirk Deinhardt, Hastings-Str., Eure-et-Loir',
  ])('lets "%s" stand', (text) => {
    expect(informalAddress(text)).toEqual([]);
  });
});
