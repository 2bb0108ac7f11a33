// --rules-config FILE: an operator runs the sandbox with other limits, the sandbox keeps them and
// declares them. A file makeConfig refuses is a usage error (exit 2) naming each violation; a
// sandbox started with a non-default configuration (1,500 lb per pallet, 1,200 with liftgate,
// quotes valid 24 hours) serves it in both OpenAPI documents (x-shipper-rules-config, read back by
// the library's declaredConfig) and refuses and accepts at its edges, not at the defaults'.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DateTime } from 'luxon'
import { defaultConfig, makeConfig, type RulesConfig } from 'shipper-rules'
import { declaredConfig } from 'shipper-rules/openapi'
import { limitMs, SANDBOX_BIN as BIN, startSandbox as startCli } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { readRulesConfig } from '../src/server/rulesConfig.js'
import { startSandbox, quoteBody, type Credentials, type Sandbox } from './support/harness.js'

const OVERRIDES = { pallet: { maxPoundsPerPallet: 1500, liftgate: { maxPoundsPerPallet: 1200 } }, quoteValidityHours: 24 }
const made = makeConfig(OVERRIDES)
if (made._tag === 'Left') throw new Error(JSON.stringify(made.left))
const CONFIG: RulesConfig = made.right

const dir = mkdtempSync(join(tmpdir(), 'sandbox-rules-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = (name: string, text: string): string => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe('--rules-config FILE on the command line', () => {
  it('refuses a configuration makeConfig refuses, naming each violation by field (exit 2), and a file that is not JSON', () => {
    // 1,500 lb per pallet with the default liftgate cap (2,500) left looser than it
    const bad = spawnSync(process.execPath, [BIN, '--rules-config', file('bad.json', JSON.stringify({ pallet: { maxPoundsPerPallet: 1500 }, uploadMaxBytes: 0 }))], { encoding: 'utf8' })
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('pallet.liftgate.maxPoundsPerPallet must not exceed the standard pallet.maxPoundsPerPallet (1500)')
    expect(bad.stderr).toContain('uploadMaxBytes must be at least 1 (out_of_range)')
    // the other refusals through the reader main.ts calls (one process start is enough for the exit status)
    expect(readRulesConfig(file('not.json', '{ pallet: 1 '))).toMatchObject({ ok: false, message: expect.stringMatching(/^--rules-config .*not\.json: not JSON \(/) })
    expect(readRulesConfig(join(dir, 'absent.json'))).toEqual({ ok: false, message: `--rules-config ${join(dir, 'absent.json')}: cannot be read (ENOENT)` })
    expect(readRulesConfig(file('unknown.json', '{"palet": {}}'))).toEqual({ ok: false, message: `--rules-config ${join(dir, 'unknown.json')}: palet is not a configuration field (unknown_field)` })
  })

  it('a sandbox started with it declares the whole configuration in its shipper document', async () => {
    // a copy of the run's initialized PGlite directory when there is one (support/globalSetup.ts)
    const template = inject('pgliteTemplate')
    const cli = await startCli({ args: ['--rules-config', file('rules.json', JSON.stringify(OVERRIDES))], ...(template !== undefined && template !== '' ? { template } : {}) })
    try {
      const document: unknown = await (await fetch(`${cli.baseUrl}/api-docs/shipper-v1`)).json()
      expect(declaredConfig(document)).toEqual({ _tag: 'Right', right: CONFIG })
    } finally {
      expect(await cli.stop()).toBe(0)
    }
  }, limitMs(240_000))
})

describe('a sandbox with 1,500 lb per pallet (1,200 with liftgate) and quotes valid 24 hours', () => {
  let sandbox: Sandbox
  let acme: Credentials
  beforeAll(async () => {
    sandbox = await startSandbox(undefined, { config: CONFIG })
    acme = await sandbox.company('Rules Config Freight')
  })
  afterAll(async () => {
    await sandbox?.stop()
  })

  it('declares it in both OpenAPI documents it serves', async () => {
    for (const path of ['/api-docs/shipper-v1', '/api-docs/sandbox']) {
      const declared = declaredConfig((await sandbox.call('GET', path)).json)
      expect(declared, path).toEqual({ _tag: 'Right', right: CONFIG })
    }
    expect(CONFIG).not.toEqual(defaultConfig)
  })

  const quote = (poundsWeight: number, liftgate = false) =>
    sandbox.call('POST', '/v1/shipper/quote', {
      as: acme,
      body: quoteBody({
        deliveryAddress: { zipCode: '75201', ...(liftgate ? { liftgateRequired: true } : {}) },
        orderComponents: [{ palletCount: 1, poundsWeight, dimensions: { length: 48, width: 40, height: 48 } }],
      }),
    })

  it('accepts a pallet at the declared weight caps and refuses one pound above (FRT-02, FRT-10), below the defaults', async () => {
    expect((await quote(1500)).status).toBe(200)
    const over = await quote(1501)
    expect(over.status).toBe(422)
    expect(over.json.reason).toBe('pallet_invalid')
    expect(over.json.violations.map((v: { field: string }) => v.field)).toEqual(['orderComponents[0].poundsWeight'])
    expect((await quote(1200, true)).status).toBe(200)
    const overLiftgate = await quote(1201, true)
    expect(overLiftgate.status).toBe(422)
    expect(overLiftgate.json.reason).toBe('pallet_invalid')
  })

  it('a quote expires 24 hours after creation and is no longer matchable past them (QTE-02, QTE-06)', async () => {
    const clock = async (): Promise<DateTime> => DateTime.fromISO((await sandbox.call('GET', '/sandbox/clock', { as: acme })).json.now)
    const before = await clock()
    const created = await sandbox.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody({ customerReference: 'RULES-CONFIG-24H' }) })
    const after = await clock()
    expect(created.status).toBe(200)
    const expires = DateTime.fromISO(created.json.quoteExpirationTime)
    expect(expires.toMillis()).toBeGreaterThanOrEqual(before.plus({ hours: 24 }).toMillis() - 1)
    expect(expires.toMillis()).toBeLessThanOrEqual(after.plus({ hours: 24 }).toMillis() + 1)
    const matchable = async (): Promise<boolean> => (await sandbox.call('GET', '/v1/shipper/quotes/by-reference?reference=RULES-CONFIG-24H', { as: acme })).json.matchable
    expect(await matchable()).toBe(true)
    // 24 h and 1 min later: past the declared window, well inside the default 48 h
    expect((await sandbox.call('POST', '/sandbox/clock', { as: acme, body: { hours: 24, minutes: 1 } })).status).toBe(200)
    expect(await matchable()).toBe(false)
  })
})
