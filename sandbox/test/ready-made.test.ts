// The ready-made company's key (issue 35 item 5): servers started at the same moment on a fresh
// database all print the one stored key. Before, each start that found no stored key issued its own,
// and all but one printed a key nobody kept. On PGlite (one process per data directory) the starts
// race inside one store; with DATABASE_URL (CI's PostgreSQL) each start has a store, a pool, of its own
// on one fresh schema, as separate processes would.
import { afterAll, describe, expect, it } from 'vitest'
import { loadSecrets, readyMadeCredentials } from '../src/auth/credentials.js'
import { openStore, type Store } from '../src/db/store.js'
import { freshStoreOptions, removeStore } from './support/harness.js'

const STARTS = 4
const options = freshStoreOptions()
const stores: Store[] = []

afterAll(async () => {
  for (const store of stores) await store.close()
  removeStore(options)
})

describe('concurrent first starts', () => {
  it(`${STARTS} starts on a fresh database print one key, the stored one, and make one company`, async () => {
    const first = await openStore(options)
    stores.push(first)
    if (options.databaseUrl !== undefined) for (let i = 1; i < STARTS; i++) stores.push(await openStore(options))
    const storeOf = (i: number): Store => stores[i % stores.length]!
    const now = new Date('2026-11-28T12:00:00Z')
    const printed = await Promise.all(Array.from({ length: STARTS }, async (_, i) => readyMadeCredentials(storeOf(i), await loadSecrets(storeOf(i)), 'Sandbox Shipper Inc', now)))
    expect(new Set(printed.map((c) => c.apiKey)).size).toBe(1)
    expect(new Set(printed.map((c) => c.token)).size).toBe(1)
    const stored = await first.query<{ value: string }>("SELECT value FROM settings WHERE name = 'demo_credentials'")
    expect(JSON.parse(stored[0]!.value)).toEqual(printed[0])
    expect(await first.query("SELECT id FROM companies WHERE name = 'Sandbox Shipper Inc'")).toHaveLength(1)
    // a later start reads it back
    expect(await readyMadeCredentials(first, await loadSecrets(first), 'Sandbox Shipper Inc', now)).toEqual(printed[0])
  })
})
