// esbuild bundles the stylesheet imported by main.tsx into assets/console.css.
declare module '*.css'
