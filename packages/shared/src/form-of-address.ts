/**
 * German texts address the reader as "Sie", never "du" (STYLE.md). This finds the informal forms a
 * text slips into, for the tests over the web's German locale and the API's German mails and
 * documents: the pronouns (du, dich, dir, dein…, euch, euer…), second-person verb forms (kannst,
 * hast, …) and imperatives in the du-form at the start of a sentence or after "bitte" ("Bitte lade",
 * "Tritt … bei"). Words are matched whole, so "Dubai", "direkt" or "Diagramm" never count, and a
 * capitalised noun that looks like a verb ("Teile", "Versuche") is not in the imperative list.
 */
const PRONOUNS = /(?<![\p{L}\p{N}_-])(du|dich|dir|dein(e[mnrs]?)?|euch|euer|eure[mnrs]?)(?![\p{L}\p{N}_-])/giu;

const VERBS =
  /(?<![\p{L}\p{N}_-])(kannst|musst|willst|sollst|darfst|möchtest|hast|bist|wirst|weißt|siehst|findest|brauchst|bekommst|erhältst|gibst|kommst|machst|gehst|schaust|klickst|lädst|wählst|meldest|solltest|könntest|würdest|hättest|wärst|warst|hattest)(?![\p{L}\p{N}_-])/giu;

/** Imperatives in the du-form; each also ends a Sie-form stem ("Laden Sie", "Wählen Sie") only with -n. */
const IMPERATIVES = [
  'lade',
  'lad',
  'wähle',
  'wähl',
  'tritt',
  'gib',
  'klicke',
  'klick',
  'öffne',
  'melde',
  'prüfe',
  'nutze',
  'sieh',
  'schau',
  'lies',
  'schreib',
  'schreibe',
  'sende',
  'speichere',
  'geh',
  'gehe',
  'komm',
  'füge',
  'leg',
  'lege',
  'trag',
  'trage',
  'nimm',
  'hilf',
  'warte',
  'bestätige',
  'richte',
  'erstelle',
  'gestalte',
  'lass',
  'vergiss',
  'denk',
  'denke',
  'frag',
  'frage',
  'antworte',
  'ändere',
  'entferne',
  'lösche',
  'kopiere',
  'teile',
  'versuch',
  'versuche',
  'unterschreibe',
  'zeichne',
  'scanne',
  'überweise',
  'zahle',
  'registriere',
  'wiederhole',
];
const IMPERATIVE = new RegExp(
  `(?:^|[.!?:;]\\s+|\\n\\s*|\\bbitte,?\\s+)(${IMPERATIVES.join('|')})(?![\\p{L}\\p{N}_-])`,
  'giu',
);
/** Also nouns ("Teile der Daten", "Versuche"): these count only after "bitte". */
const NOUN_LIKE = new Set(['teile', 'versuche', 'frage', 'lege', 'trage']);

/** The informal words of `text`, as found (empty when the text says "Sie" or addresses nobody). */
export function informalAddress(text: string): string[] {
  const found = [...text.matchAll(PRONOUNS), ...text.matchAll(VERBS)].map((m) => m[1] ?? m[0]);
  for (const m of text.matchAll(IMPERATIVE)) {
    const word = m[1] ?? '';
    const afterBitte = /bitte,?\s+$/iu.test(m[0].slice(0, m[0].length - word.length));
    if (NOUN_LIKE.has(word.toLowerCase()) && !afterBitte) continue;
    found.push(word);
  }
  return found;
}
