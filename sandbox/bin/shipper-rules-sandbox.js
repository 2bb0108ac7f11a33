#!/usr/bin/env node
// The shipper API sandbox: see README.md, or run with --help.
import { existsSync } from 'node:fs'

const fail = (message) => {
  process.stderr.write(`shipper-rules-sandbox: ${message}\n`)
  process.exitCode = 1
}

// In a clone of the repository nothing is built yet: say what to run instead of a module stack.
if (!existsSync(new URL('../dist/main.js', import.meta.url))) {
  fail('not built yet: run `npm run build && npm run build --workspace sandbox` at the repository root (or `npm run sandbox`, which builds and starts).')
} else {
  const { main } = await import('../dist/main.js')
  main(process.argv.slice(2)).then(
    (code) => {
      if (code >= 0) process.exitCode = code
    },
    (error) => fail(error instanceof Error ? error.message : String(error)),
  )
}
