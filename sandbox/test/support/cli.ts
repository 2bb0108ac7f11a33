// The sandbox's command line, started as a newcomer starts it, with the banner it prints.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const BIN = fileURLToPath(new URL('../../bin/shipper-rules-sandbox.js', import.meta.url))

export const startCli = async (dataArgs: ReadonlyArray<string>, env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; base: string; key: string; token: string; banner: string }> => {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--quiet', ...dataArgs], { stdio: ['ignore', 'pipe', 'pipe'], env })
  let banner = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner: ${banner}`)), 30_000)
    child.stderr!.on('data', (chunk: Buffer) => {
      banner += chunk.toString('utf8')
      if (/export SANDBOX=\S+ KEY=\S+ TOKEN=\S+/.test(banner)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${banner}`)))
  })
  const [, base, key, token] = /export SANDBOX=(\S+) KEY=(\S+) TOKEN=(\S+)/.exec(banner)!
  return { child, base: base!, key: key!, token: token!, banner }
}

export const stop = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.kill('SIGTERM')
  })

