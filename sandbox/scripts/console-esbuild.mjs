// The esbuild options the console and the static Rules site share: one browser bundle of Preact
// pages from console/src, minified ES2022, its tsconfig, no legal comments, with a metafile so
// the callers can check what went in.
import { join } from 'node:path'

/** esbuild's options for a browser bundle of the console's sources (`sandbox` is the package's folder). */
export const browserBundle = (sandbox, entryPoints, outdir) => ({
  entryPoints,
  outdir,
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  tsconfig: join(sandbox, 'console', 'tsconfig.json'),
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
})
