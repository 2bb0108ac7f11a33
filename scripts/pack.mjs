// The two tarballs to install before the packages are on the registry:
//
//   node scripts/pack.mjs [DIR]   (DIR defaults to ./packs)
//
// writes DIR/shipper-rules-<version>.tgz and DIR/shipper-rules-sandbox-<version>.tgz, building
// first what is stale (scripts/build-if-stale.mjs). In the repository the sandbox depends on the
// library as `file:..`, which means nothing once its tarball is installed elsewhere (npm would link
// node_modules/shipper-rules-sandbox/node_modules/shipper-rules to node_modules/ itself, and the
// sandbox would not start). So the sandbox is packed from a staged copy whose package.json asks
// for `^<version>` of shipper-rules, as a published sandbox will: installed together with the
// library's tarball, npm finds that version already there and uses it.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const dest = resolve(process.argv[2] ?? 'packs')
mkdirSync(dest, { recursive: true })

const run = (command, args, cwd) => {
  const r = spawnSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
  if (r.status !== 0) {
    process.stderr.write(`pack: ${command} ${args.join(' ')} failed\n`)
    process.exit(r.status ?? 1)
  }
  return r.stdout
}

run(process.execPath, [join(ROOT, 'scripts', 'build-if-stale.mjs')], ROOT)
const npmPack = (cwd) => run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', dest], cwd).trim().split('\n').at(-1)

const library = npmPack(ROOT)
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))

const stage = mkdtempSync(join(tmpdir(), 'shipper-rules-sandbox-pack-'))
try {
  const sandbox = join(ROOT, 'sandbox')
  const pkg = JSON.parse(readFileSync(join(sandbox, 'package.json'), 'utf8'))
  for (const entry of pkg.files) if (existsSync(join(sandbox, entry))) cpSync(join(sandbox, entry), join(stage, entry), { recursive: true })
  pkg.dependencies['shipper-rules'] = `^${version}`
  delete pkg['//dependencies']
  delete pkg.devDependencies
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`)
  const sandboxTarball = npmPack(stage)
  process.stdout.write(`${join(dest, library)}\n${join(dest, sandboxTarball)}\n`)
} finally {
  rmSync(stage, { recursive: true, force: true })
}
