#!/usr/bin/env node
/**
 * Process entry of the `shipper-rules` command: binds the CLI to the real file system and
 * standard streams. The only module of the package that does I/O.
 *
 * @module
 */
import { readdir, readFile } from 'node:fs/promises'
import type { CliIo } from './io.js'
import { runCli } from './main.js'

const readStdin = async (): Promise<string> => {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const io: CliIo = {
  readFile: (path) => readFile(path, 'utf8'),
  readStdin,
  listDir: async (path) =>
    (await readdir(path, { withFileTypes: true })).map((e) => ({ name: e.name, isDirectory: e.isDirectory() })),
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  stdoutIsTTY: process.stdout.isTTY === true,
}

runCli(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code
  },
  (e: unknown) => {
    process.stderr.write(`shipper-rules: internal error: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`)
    process.exitCode = 70
  },
)
