// `virtual:tailwind-merge-config`: tailwind-merge's configuration for the app's classes (plugin
// sp:tailwind-merge-config in vite-plugins/tailwind-merge-config.ts).
declare module 'virtual:tailwind-merge-config' {
  const config: import('tailwind-merge').Config<string, string>;
  export default config;
}
