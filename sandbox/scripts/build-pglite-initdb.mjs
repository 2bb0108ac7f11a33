#!/usr/bin/env node
// Part of `npm run build`: an initialized, empty PGlite data directory as a gzipped tarball,
// dist/pglite-initdb/<PGlite version>.tar.gz (about 4.5 MB), which the sandbox unpacks on its
// first start on a fresh directory instead of running initdb (src/db/pgliteWorker.ts): initdb is
// most of a first start's time and makes PGlite grow to some 800 MiB. Made once per PGlite
// version: kept while the installed PGlite's version names an existing file.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'

const pgliteVersion = () => JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')), 'utf8')).version
const OUT = fileURLToPath(new URL('../dist/pglite-initdb/', import.meta.url))
const file = join(OUT, `${pgliteVersion()}.tar.gz`)
if (!existsSync(file)) {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-pglite-initdb-'))
  try {
    const db = await PGlite.create(join(dir, 'data'))
    const blob = await db.dumpDataDir('gzip')
    await db.close()
    rmSync(OUT, { recursive: true, force: true })
    mkdirSync(OUT, { recursive: true })
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
process.stdout.write(`pglite-initdb: ${readdirSync(OUT).join(', ')}\n`)
