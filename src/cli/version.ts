/**
 * The package version `shipper-rules --version` prints: package.json's, written into dist/cli.js
 * by scripts/build.mjs (esbuild `define`), so the installed command needs no file to read.
 *
 * @module
 */

declare const __SHIPPER_RULES_VERSION__: string | undefined

/** package.json's version in the built CLI; 'development' when the sources run unbuilt. */
export const VERSION: string = typeof __SHIPPER_RULES_VERSION__ === 'string' ? __SHIPPER_RULES_VERSION__ : 'development'
