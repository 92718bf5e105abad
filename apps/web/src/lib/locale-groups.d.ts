// `@/locales/de.json?groups=a,b`: only those groups of the file (plugin sp:locale-groups in vite-plugins/locale-groups.ts).
declare module '@/locales/de.json?*' {
  const texts: Partial<typeof import('@/locales/de.json')>;
  export default texts;
}
