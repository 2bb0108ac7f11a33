// vitest globalSetup of the sandbox's suite: on PGlite (DATABASE_URL unset), ONE data directory
// initialized for the run (the migrations, through the sandbox's own openStore), which
// freshStoreOptions (harness.ts) copies for each server instead of initializing a new directory:
// on a 2-core machine a fresh directory took 14 to 20 s in process (43 to 45 s for the CLI) at a
// load of 20, a copy and open 2.4 to 3.2 s (12 to 14 s for the CLI). Only the migrations are in it:
// every copy draws its own secrets and ready-made company when it first needs them, as a fresh
// directory does. On PostgreSQL each file gets a fresh schema instead, and the template is ''.
import { rmSync } from 'node:fs'
import { pgliteTemplate } from 'shipper-rules-testkit'
import type { TestProject } from 'vitest/node'
import { openStore } from '../../src/db/store.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's initialized PGlite data directory to copy ('' on PostgreSQL). */
    pgliteTemplate: string
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const template = await pgliteTemplate({ init: async (dir) => (await openStore({ dataDir: dir })).close() })
  project.provide('pgliteTemplate', template ?? '')
  return () => {
    if (template !== undefined) rmSync(template, { recursive: true, force: true })
  }
}
