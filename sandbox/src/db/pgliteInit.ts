// `node pgliteInit.js DIR [TARBALL]`, forked by store.ts: creates the PGlite data directory DIR,
// unpacking TARBALL into it (initdbTarball.ts) or else running initdb, and exits. initdb grows PGlite's memory to some 800 MiB; in a process of its own all of it goes back
// to the system when it exits (in a worker thread about 100 MiB stayed with the server, measured).
// It ends with its parent: when the IPC channel closes (the server stopped or died) it exits too.
import { unpackInitdb } from './initdbTarball.js'

const dir = process.argv[2]
const tarball = process.argv[3]
const send = (m: { readonly ok: true } | { readonly failed: string }) => new Promise<void>((resolve) => (process.send !== undefined ? process.send(m, () => resolve()) : resolve()))

process.on('disconnect', () => process.exit(1))
const run = async (): Promise<void> => {
  if (dir === undefined) throw new Error('usage: pgliteInit.js DIR [TARBALL]')
  if (tarball !== undefined) return unpackInitdb(tarball, dir)
  const { PGlite } = await import('@electric-sql/pglite')
  const db = await PGlite.create(dir)
  await db.close()
}
run().then(
  async () => {
    await send({ ok: true })
    process.exit(0)
  },
  async (e: unknown) => {
    await send({ failed: e instanceof Error ? e.message : String(e) })
    process.exit(1)
  },
)
