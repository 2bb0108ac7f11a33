// The build's initialized, empty PGlite data directory (scripts/build-pglite-initdb.mjs) unpacked
// into a fresh one: a first start without initdb.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, resolve, sep } from 'node:path'
import { gunzipSync } from 'node:zlib'

/**
 * Unpacks the build's initialized data directory (a gzipped tar of directories and regular files,
 * as PGlite's dumpDataDir writes it) into `directory`: PG_VERSION last, so that a start cut short
 * leaves a directory that is still fresh and unpacked again. Names leaving the directory are refused.
 */
export const unpackInitdb = (tarball: string, directory: string): void => {
  const tar = gunzipSync(readFileSync(tarball))
  const files: Array<{ readonly path: string; readonly bytes: Buffer }> = []
  const text = (at: number, length: number) => tar.toString('latin1', at, at + length).replace(/\0.*$/s, '')
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = text(at, 100)
    if (name === '') break
    const prefix = text(at + 345, 155)
    const size = parseInt(text(at + 124, 12).trim() || '0', 8)
    const type = text(at + 156, 1)
    const relative = (prefix !== '' ? `${prefix}/${name}` : name).replace(/^\/+/, '')
    const path = resolve(directory, relative)
    if (relative === '' || relative.split('/').includes('..') || !path.startsWith(resolve(directory) + sep)) throw new Error(`the initialized PGlite directory ${tarball} names ${relative}`)
    if (type === '5') mkdirSync(path, { recursive: true })
    else if (type === '0' || type === '') files.push({ path, bytes: tar.subarray(at + 512, at + 512 + size) })
    at += 512 + Math.ceil(size / 512) * 512
  }
  const last = files.filter((f) => basename(f.path) === 'PG_VERSION' && dirname(f.path) === resolve(directory))
  for (const f of [...files.filter((f) => !last.includes(f)), ...last]) {
    mkdirSync(dirname(f.path), { recursive: true })
    writeFileSync(f.path, f.bytes)
  }
}

