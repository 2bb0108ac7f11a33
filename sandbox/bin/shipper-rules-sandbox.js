#!/usr/bin/env node
// The shipper API sandbox: see README.md, or run with --help.
import { main } from '../dist/main.js'

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code
  },
  (error) => {
    process.stderr.write(`shipper-rules-sandbox: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  },
)
