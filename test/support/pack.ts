// The package as npm publishes it: `npm pack` into a fresh temporary folder (npm test builds
// dist/ first; the package has no prepack script), and npm run the way a user runs it.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const ROOT = join(import.meta.dirname, '..', '..')

/** Runs npm in `cwd`; its standard output, or an error carrying its standard error. */
export const npm = (args: ReadonlyArray<string>, cwd: string): string => {
  const r = spawnSync('npm', args, { cwd, encoding: 'utf8', timeout: 60_000 })
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${r.status}): ${r.stderr}`)
  return r.stdout
}

/** Packs the repository into a new temporary folder named after `prefix`: the folder and the tarball's path. */
export const packTarball = (prefix: string): { tmp: string; tarball: string } => {
  const tmp = mkdtempSync(join(tmpdir(), prefix))
  npm(['pack', '--pack-destination', tmp, '--silent'], ROOT)
  const name = readdirSync(tmp).find((f) => f.endsWith('.tgz'))
  if (name === undefined) throw new Error('npm pack made no tarball')
  return { tmp, tarball: join(tmp, name) }
}
