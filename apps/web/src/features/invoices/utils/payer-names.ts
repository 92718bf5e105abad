// Whether the payer named on a bank statement is the invoice's buyer (decision 041): banks print the
// account holder's name, often in capitals, with umlauts spelled out and cut to the field's length,
// so names are compared by their distinctive words, not as written. Legal forms and short words say
// nothing about who paid.

const LEGAL_FORMS = new Set([
  'gmbh',
  'mbh',
  'ggmbh',
  'haftungsbeschraenkt',
  'ag',
  'kg',
  'kgaa',
  'ohg',
  'gbr',
  'ug',
  'ev',
  'eg',
  'ek',
  'inh',
  'und',
  'the',
  'ltd',
  'inc',
  'llc',
  'plc',
  'sarl',
]);

/** The distinctive words of a name: lower case, umlauts and ß spelled out, accents dropped. */
export function nameWords(name: string): string[] {
  const folded = name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  // Short words ("e. V.", "& Co") go with the length.
  return folded.split(/[^a-z0-9]+/).filter((word) => word.length >= 3 && !LEGAL_FORMS.has(word));
}

/**
 * The payer is the buyer when more than half of the buyer's distinctive words are among the payer's
 * ("Stadtwerke Nordstadt" is not "Stadtwerke Benchstadt"); the last of the payer's words may be cut short by the bank.
 */
export function isSamePayer(payer: string | null, buyer: string): boolean {
  if (!payer) return false;
  const theirs = nameWords(payer);
  const wanted = nameWords(buyer);
  if (theirs.length === 0 || wanted.length === 0) return false;
  const last = theirs.at(-1)!;
  const found = wanted.filter((word) => theirs.includes(word) || (last.length >= 4 && word.startsWith(last)));
  return found.length * 2 > wanted.length;
}
