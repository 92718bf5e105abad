// The single word lists of the zxcvbn-ts language packages, imported one by one (password-strength.ts)
// so that the web build leaves out the lists the rule does not use. Each is an array of words. Every
// program that compiles password-strength.ts includes this file (the tsconfig of shared, api and web).
declare module '@zxcvbn-ts/language-common/dist/passwords.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-common/dist/diceware.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-common/dist/adjacencyGraphs.json.mjs' {
  const graphs: Record<string, Record<string, (string | null)[]>>;
  export default graphs;
}
declare module '@zxcvbn-ts/language-en/dist/commonWords.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-en/dist/firstnames.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-de/dist/commonWords.json.js' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-de/dist/firstnames.json.js' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-de/dist/lastnames.json.js' {
  const words: string[];
  export default words;
}
