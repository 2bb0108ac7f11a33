// The tarballs to install before the packages are on the registry:
//
//   node scripts/pack.mjs [DIR]   (DIR defaults to ./packs)
//
// writes DIR/shipper-rules-<version>.tgz, DIR/shipper-rules-sandbox-<version>.tgz,
// DIR/shipper-rules-client-<version>.tgz and DIR/shipper-rules-conformance-<version>.tgz, building
// first what is stale (scripts/build-if-stale.mjs; the client and the kit are built each time). In
// the repository the workspaces depend on the library as `file:..`, which means nothing once a
// tarball is installed elsewhere (npm would link node_modules/<workspace>/node_modules/shipper-rules
// to node_modules/ itself, and the package would not start). So each workspace is packed from a
// staged copy whose package.json asks for `^<version>` of shipper-rules, as a published one will:
// installed together with the library's tarball, npm finds that version already there and uses it.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

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

/** The tarball of the workspace `name`, packed from a staged copy that asks for ^version of the library. */
const packWorkspace = async (name) => {
  const stage = mkdtempSync(join(tmpdir(), `shipper-rules-${name}-pack-`))
  try {
    const workspace = join(ROOT, name)
    const pkg = JSON.parse(readFileSync(join(workspace, 'package.json'), 'utf8'))
    for (const entry of [...pkg.files, ...(pkg.files.includes('README.md') ? [] : ['README.md'])]) {
      if (existsSync(join(workspace, entry))) cpSync(join(workspace, entry), join(stage, entry), { recursive: true })
    }
    pkg.dependencies['shipper-rules'] = `^${version}`
    if (name === 'sandbox') {
      // the five fonts the PDFs use, copied in (sandbox/scripts/bundle-fonts.mjs), instead of the three
      // font packages and their 27 weights (107 MB installed)
      const { bundleFonts } = await import(pathToFileURL(join(workspace, 'scripts', 'bundle-fonts.mjs')).href)
      const { FONT_PACKAGES, BUNDLED_FONTS_DIR } = await import(pathToFileURL(join(workspace, 'dist', 'pdf', 'fontFiles.js')).href)
      bundleFonts(join(stage, BUNDLED_FONTS_DIR))
      for (const font of FONT_PACKAGES) delete pkg.dependencies[font]
      pkg.files = [...pkg.files, BUNDLED_FONTS_DIR]
    }
    delete pkg['//dependencies']
    delete pkg.devDependencies
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`)
    return npmPack(stage)
  } finally {
    rmSync(stage, { recursive: true, force: true })
  }
}

for (const name of ['client', 'conformance']) run('npm', ['run', 'build', '--silent'], join(ROOT, name))
const tarballs = [library]
for (const name of ['sandbox', 'client', 'conformance']) tarballs.push(await packWorkspace(name))
process.stdout.write(tarballs.map((t) => `${join(dest, t)}\n`).join(''))
