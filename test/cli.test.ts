// The command line as API.md specifies it: real files, standard input, exit codes. Plus the
// examples runner behind `npm start`. Most tests run the CLI in this process (`run`: runCli with
// an io bound to the real file system as bin.ts binds it, paths relative to the repository root
// as the bin's working directory, standard input given as text, output captured); the block "the
// built bin, as a process" spawns dist/cli.js (npm test builds first) for what only a process
// shows: exit codes as the process's status, standard input from a pipe, the version the build
// writes in, the internal-error path, and results byte for byte equal to the in-process run's.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CliIo } from '../src/cli/io.js'
import { runCli } from '../src/cli/main.js'
import { readProblemDetail } from '../src/errors/problem.js'

const ROOT = join(import.meta.dirname, '..')
const BIN = join(ROOT, 'dist', 'cli.js')
type Ran = { code: number | null; stdout: string; stderr: string }

/** The built bin as a process, working directory the repository root, `input` on standard input. */
const spawnBin = (args: string[], input?: string, nodeOptions: string[] = []): Ran => {
  const r = spawnSync(process.execPath, [...nodeOptions, BIN, ...args], { cwd: ROOT, input: input ?? '', encoding: 'utf8' })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/**
 * `op` on `path` resolved against ROOT (the bin's working directory). Node's fs errors name the
 * path they were given; a rejection names `path` as the bin, given it relative, would have.
 */
const atRoot = async <T>(path: string, op: (at: string) => Promise<T>): Promise<T> => {
  const at = resolve(ROOT, path)
  try {
    return await op(at)
  } catch (e) {
    const error = e as NodeJS.ErrnoException
    if (e instanceof Error && error.path === at && at !== path) {
      error.message = error.message.split(`'${at}'`).join(`'${path}'`)
      error.path = path
    }
    throw e
  }
}

/** The CLI in this process, with bin.ts's io but paths against ROOT, `input` as standard input, output captured. */
const run = async (args: string[], input?: string): Promise<Ran> => {
  let stdout = ''
  let stderr = ''
  const io: CliIo = {
    readFile: (path) => atRoot(path, (at) => readFile(at, 'utf8')),
    readStdin: () => Promise.resolve(input ?? ''),
    listDir: (path) =>
      atRoot(path, async (at) => (await readdir(at, { withFileTypes: true })).map((e) => ({ name: e.name, isDirectory: e.isDirectory() }))),
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    stdoutIsTTY: false,
  }
  const code = await runCli(args, io).catch((e: unknown) => {
    // as bin.ts reports a rejection
    stderr += `shipper-rules: internal error: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`
    return 70
  })
  return { code, stdout, stderr }
}
const tmp = mkdtempSync(join(tmpdir(), 'shipper-rules-cli-'))
const file = (name: string, text: string): string => {
  const p = join(tmp, name)
  writeFileSync(p, text)
  return p
}

describe('shipper-rules validate address', () => {
  it('a valid address: exit 0 and {"valid": true, "value": the normalized address}', async () => {
    const r = await run(['validate', 'address', 'examples/address/valid-puerto-rico-as-us-state.json'])
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as { valid: boolean; value: Record<string, unknown> }
    expect(out.valid).toBe(true)
    expect(out.value).toMatchObject({ country: 'PR', state: 'PR', zipCode: '00949', openTime: '10:00' })
    expect(r.stderr).toBe('')
  })
  it('an invalid address: exit 1 and the ProblemDetail on standard output, readable by readProblemDetail', async () => {
    const r = await run(['validate', 'address', 'examples/address/invalid-many-mistakes.json'])
    expect(r.code).toBe(1)
    const problem = readProblemDetail(JSON.parse(r.stdout))
    expect(problem._tag).toBe('Right')
    if (problem._tag === 'Right') {
      expect(problem.right).toMatchObject({ status: 400, reason: 'validation_failed' })
      expect(problem.right.violations?.length).toBe(11)
    }
  })
  it('reads standard input when the file is - or absent', async () => {
    const body = JSON.stringify({ zipCode: '60601' })
    expect((await run(['validate', 'address', '-', '--purpose', 'quote'], body)).code).toBe(0)
    expect((await run(['validate', 'address', '--purpose', 'quote'], body)).code).toBe(0)
    const shipment = await run(['validate', 'address', '-'], body)
    expect(shipment.code).toBe(1)
    expect((JSON.parse(shipment.stdout) as { violations: unknown[] }).violations.length).toBe(6)
  })
  it('malformed JSON, an unknown kind, an unreadable file: exit 2 with one line on standard error', async () => {
    const cases = [
      await run(['validate', 'address', file('bad.json', '{"zipCode": ')]),
      await run(['validate', 'address', '-'], 'not json'),
      await run(['validate', 'parcel', file('ok.json', '{}')]),
      await run(['validate', 'address', join(tmp, 'missing.json')]),
      await run(['validate', 'address', tmp]),
      await run(['validate']),
      await run(['frobnicate']),
    ]
    for (const r of cases) {
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr.trim().split('\n')[0]).toMatch(/^shipper-rules: /)
    }
  })
  it('every kind API.md names is implemented', async () => {
    for (const kind of ['address', 'quote-request', 'create-shipment', 'appointment']) {
      const r = await run(['validate', kind, '-'], '{}')
      expect([kind, r.code]).toEqual([kind, 1])
    }
  })
})

describe('shipper-rules validate --lenient', () => {
  const typed = JSON.stringify({
    name: ' Caribe Foods', address1: 'Carr. 2 Km 18.5', city: 'Toa Baja', state: 'pr', country: 'us', zipCode: '00949 ',
    phoneNumber: '+17875550188', contactPerson: 'Luis Ortega', email: '', openTime: null,
  })
  type Repairs = { repairs: Array<{ field: string; change: string; before: unknown; after?: unknown }> }
  it('without it, what a person typed is judged strictly: exit 1 at every typed field, and no repairs member', async () => {
    const r = await run(['validate', 'address', '-'], typed)
    expect(r.code).toBe(1)
    const p = JSON.parse(r.stdout) as { violations: Array<{ field: string }> }
    expect(p.violations.map((v) => v.field)).toEqual(['state', 'zipCode', 'email', 'openTime'])
    expect('repairs' in p).toBe(false)
  })
  it('with it, repairInput runs first: exit 0 and {"valid": true, "value": …, "repairs": [...]} in input order (a drop has no "after")', async () => {
    const r = await run(['validate', 'address', '-', '--lenient'], typed)
    expect([r.code, r.stderr]).toEqual([0, ''])
    const out = JSON.parse(r.stdout) as { valid: boolean; value: Record<string, unknown> } & Repairs
    expect(out.valid).toBe(true)
    expect(out.value).toMatchObject({ name: 'Caribe Foods', state: 'PR', country: 'PR', zipCode: '00949', openTime: '10:00' })
    expect(out.value).not.toHaveProperty('email')
    expect(out.repairs).toEqual([
      { field: 'name', change: 'trimmed', before: ' Caribe Foods', after: 'Caribe Foods' },
      { field: 'state', change: 'upper_cased', before: 'pr', after: 'PR' },
      { field: 'country', change: 'upper_cased', before: 'us', after: 'US' },
      { field: 'zipCode', change: 'trimmed', before: '00949 ', after: '00949' },
      { field: 'email', change: 'dropped_empty', before: '' },
      { field: 'openTime', change: 'dropped_null', before: null },
    ])
  })
  it('still invalid after repair: exit 1, one JSON document, the ProblemDetail (readable by readProblemDetail) with a repairs member', async () => {
    const body = JSON.stringify({ channel: ' portal', portalUrl: 'http://book.example.com', leadTimeHours: null })
    const r = await run(['validate', 'appointment', '-', '--lenient'], body)
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout) as { violations: Array<{ field: string }> } & Repairs
    expect(readProblemDetail(out)._tag).toBe('Right')
    expect(out.violations.map((v) => v.field)).toEqual(['portalUrl'])
    expect(out.repairs.map((x) => [x.field, x.change])).toEqual([['channel', 'trimmed'], ['channel', 'upper_cased'], ['leadTimeHours', 'dropped_null']])
  })
  it('a kind repairInput does not know (tracking) is exit 2 with one line on standard error', async () => {
    const r = await run(['validate', 'tracking', 'examples/tracking/valid-chicago-dallas-fresh-ping.json', '--lenient'])
    expect([r.code, r.stdout]).toEqual([2, ''])
    expect(r.stderr).toMatch(/^shipper-rules: --lenient applies to address, components, quote-request, create-shipment, appointment/)
  })
})

describe('shipper-rules validate components', () => {
  it('valid pallet groups: exit 0 with the normalized components (class resolved, palletDimensions resolved)', async () => {
    const r = await run(['validate', 'components', 'examples/components/valid-three-pallet-groups.json'])
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as { value: Array<Record<string, unknown>> }
    expect(out.value.map((c) => c['freightClass'])).toEqual(['70', '65', '150'])
    expect(out.value[2]).toMatchObject({ dimensions: { length: 56, width: 48, height: 60 } })
  })
  it('--liftgate applies the liftgate limits: the same pallets become 422 pallet_invalid', async () => {
    const body = JSON.stringify([{ palletCount: 1, poundsWeight: 2800, dimensions: { length: 48, width: 40, height: 100 } }])
    expect((await run(['validate', 'components', '-'], body)).code).toBe(0)
    const r = await run(['validate', 'components', '-', '--liftgate'], body)
    expect(r.code).toBe(1)
    const p = JSON.parse(r.stdout) as { status: number; reason: string; violations: Array<{ field: string }> }
    expect([p.status, p.reason]).toEqual([422, 'pallet_invalid'])
    expect(p.violations.map((v) => v.field)).toEqual(['orderComponents[0].poundsWeight', 'orderComponents[0].dimensions.height'])
  })
})

describe('shipper-rules freight-class', () => {
  it('prints density and class, exactly on a boundary, on either scale', async () => {
    const a = await run(['freight-class', '45', '12', '12', '24'])
    expect(a.code).toBe(0)
    expect(a.stdout).toMatch(/density +22\.5 lb\/ft3/)
    expect(a.stdout).toMatch(/freight class +65 \(NMFC_2025_SCALE\)/)
    const b = await run(['freight-class', '500', '48', '40', '48', '--scale', 'nmfc-2025'])
    expect(b.stdout).toMatch(/density +9\.375 lb\/ft3/)
    expect(b.stdout).toMatch(/freight class +100 \(NMFC_2025_SCALE\)/)
    expect((await run(['freight-class', '380', '56', '48', '60'])).stdout).toMatch(/oversized +yes/)
  })
  it('bad arguments are exit 2 with a message', async () => {
    for (const args of [['freight-class'], ['freight-class', '45', '12', '12'], ['freight-class', '45', '12', '12', '-4'], ['freight-class', '1', '1', '1', '1', '--scale', 'x']]) {
      const r = await run(args)
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^shipper-rules: /)
    }
  })
})

describe('shipper-rules transit-days', () => {
  it('prints the business days, with holidays and zones, or null', async () => {
    expect((await run(['transit-days', '2026-11-25', '2026-11-30'])).stdout).toBe('3\n')
    // carriers close on Thanksgiving and the day after (issue 14): only Monday the 30th counts
    expect((await run(['transit-days', '2026-11-25', '2026-11-30', '--holidays', 'carrier'])).stdout).toBe('1\n')
    // New Year's Day 2028 (a Saturday) is observed Friday Dec 31; New Year's Eve then moves to Thursday Dec 30
    expect((await run(['transit-days', '2027-12-29', '2028-01-03', '--holidays', 'carrier'])).stdout).toBe('2\n')
    expect((await run(['transit-days', '2027-12-29', '2028-01-03', '--holidays', 'carrier-new-years-eve'])).stdout).toBe('1\n')
    expect((await run(['transit-days', '2026-11-30', '2026-11-25'])).stdout).toBe('null\n')
    // 23:30 in New York on Wednesday is still Wednesday in Los Angeles, Thursday in UTC+14
    expect((await run(['transit-days', '2026-11-25T23:30:00-05:00', '2026-11-27T12:00:00-05:00', '--zone', 'America/Los_Angeles'])).stdout).toBe('2\n')
    expect((await run(['transit-days', '2026-11-25T23:30:00-05:00', '2026-11-27T12:00:00-05:00', '--zone', 'Pacific/Kiritimati'])).stdout).toBe('1\n')
  })
  it('bad dates, zones or options are exit 2', async () => {
    for (const args of [['transit-days', 'x', '2026-11-30'], ['transit-days', '2026-11-25'], ['transit-days', '2026-11-25', '2026-11-30', '--zone', 'Mars/Base'], ['transit-days', '2026-11-25', '2026-11-30', '--holidays', 'easter']]) {
      const r = await run(args)
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^shipper-rules: /)
    }
  })
})

describe('shipper-rules validate appointment and merge-appointment', () => {
  it('validates a requirement body: 0 with the normalized value, 1 with every violation at its path', async () => {
    expect((await run(['validate', 'appointment', 'examples/appointment/valid-order-override.json'])).code).toBe(0)
    const r = await run(['validate', 'appointment', 'examples/appointment/invalid-portal-without-url.json'])
    expect(r.code).toBe(1)
    const p = JSON.parse(r.stdout) as { violations: Array<{ field: string }> }
    expect(p.violations.map((v) => v.field)).toEqual(['portalUrl', 'contacts[0].phone', 'contacts[1].name', 'contacts[1]', 'referenceNumbers[1]', 'leadTimeHours'])
  })
  it('merges a place default with an order override and prints the provenance map', async () => {
    const r = await run(['merge-appointment', 'examples/appointment/valid-place-default.json', 'examples/appointment/valid-order-override.json'])
    expect(r.code).toBe(0)
    const m = JSON.parse(r.stdout) as { channel: string; appointmentRequired: boolean; referenceNumbers: string[]; _merged: { fields: Record<string, string> } }
    expect([m.channel, m.appointmentRequired, m.referenceNumbers]).toEqual(['PORTAL', true, ['DC-4471', 'PO-88123']])
    expect(m._merged.fields).toEqual({ channel: 'PLACE_AND_ORDER', portalUrl: 'ORDER', contacts: 'PLACE_AND_ORDER', instructions: 'PLACE_AND_ORDER', referenceNumbers: 'PLACE_AND_ORDER', leadTimeHours: 'PLACE_AND_ORDER' })
    const onlyOrder = JSON.parse((await run(['merge-appointment', 'none', 'examples/appointment/valid-order-override.json'])).stdout) as typeof m
    expect(new Set(Object.values(onlyOrder._merged.fields))).toEqual(new Set(['ORDER']))
  })
  it('an invalid side is exit 1 with paths under place or order; a missing file is exit 2', async () => {
    const r = await run(['merge-appointment', 'none', 'examples/appointment/invalid-portal-without-url.json'])
    expect(r.code).toBe(1)
    expect((JSON.parse(r.stdout) as { violations: Array<{ field: string }> }).violations[0]!.field).toBe('order.portalUrl')
    expect((await run(['merge-appointment', 'nope.json', 'none'])).code).toBe(2)
    expect((await run(['merge-appointment', 'none'])).code).toBe(2)
  })
})

describe('shipper-rules validate tracking', () => {
  it('builds the Tracking response of the Chicago to Dallas examples: with a sentence, or flagged off route without one', async () => {
    const fresh = await run(['validate', 'tracking', 'examples/tracking/valid-chicago-dallas-fresh-ping.json'])
    expect(fresh.code).toBe(0)
    const t = (JSON.parse(fresh.stdout) as { value: { orderStatus: string; location: { statusDescription?: string; isSignificantlyDelayed: boolean } } }).value
    expect(t.orderStatus).toBe('IN_TRANSIT')
    expect(t.location.statusDescription).toBe('In transit near Chatham, IL; expected Tuesday, Nov 24')
    const stale = JSON.parse((await run(['validate', 'tracking', 'examples/tracking/valid-chicago-dallas-stale-ping-off-route.json'])).stdout) as { value: typeof t }
    expect([stale.value.location.isSignificantlyDelayed, stale.value.location.statusDescription]).toEqual([true, undefined])
    const honolulu = JSON.parse((await run(['validate', 'tracking', 'examples/tracking/valid-honolulu-appointment-no-location.json'])).stdout) as { value: Record<string, unknown> }
    expect(honolulu.value).toEqual({ id: 'ord_01JD7HNL01', orderNumber: 'HNL01', orderStatus: 'ACCEPTED', estimatedPickupDate: '2026-11-20T17:00:00Z', estimatedDeliveryDate: '2026-11-25T08:00:00Z' })
  })
  it('an unknown include section or a bad ping: exit 1 with the violations', async () => {
    const r = await run(['validate', 'tracking', 'examples/tracking/invalid-bad-ping.json'])
    expect(r.code).toBe(1)
    const fields = (JSON.parse(r.stdout) as { violations: Array<{ field: string }> }).violations.map((v) => v.field)
    expect(fields).toEqual(['pings[0].vehicleId', 'pings[0].timestamp', 'pings[0].longitude', 'pings[0].heading', 'pings[0].speed'])
    expect((await run(['validate', 'tracking', 'examples/tracking/invalid-unknown-include-section.json'])).code).toBe(1)
  })
})

describe('shipper-rules examples (npm start)', () => {
  it('runs every example, prints each result readably and exits 0 when all came out as named', async () => {
    const r = await run(['examples', 'examples'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('ok   address/valid-chicago-warehouse.json')
    expect(r.stdout).toContain('ok   address/invalid-many-mistakes.json')
    expect(r.stdout).toMatch(/address1 +\[required\]/)
    expect(r.stdout).toMatch(/(\d+) examples, \1 as expected, 0 not/)
  })
  it('exits 1 when an example does not come out as its name says', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shipper-rules-examples-'))
    const sub = join(dir, 'address')
    mkdirSync(sub)
    writeFileSync(join(sub, 'valid-not-really.json'), '{"zipCode": "99999"}')
    const r = await run(['examples', dir])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('FAIL address/valid-not-really.json')
  })
})

describe('shipper-rules openapi', () => {
  it('prints the OpenAPI 3.1.0 document (interface version 1.2.0) as JSON, exit 0; an argument is exit 2', async () => {
    const r = await run(['openapi'])
    expect([r.code, r.stderr]).toEqual([0, ''])
    const d = JSON.parse(r.stdout) as { openapi: string; info: { version: string }; paths: Record<string, object> }
    const operations = Object.values(d.paths).flatMap((item) => Object.keys(item))
    expect([d.openapi, d.info.version, operations.length]).toEqual(['3.1.0', '1.2.0', 15])
    const bad = await run(['openapi', 'extra'])
    expect([bad.code, bad.stdout]).toEqual([2, ''])
    expect(bad.stderr).toMatch(/^shipper-rules: /)
  })
})

describe('shipper-rules --help and --version', () => {
  it('--help, -h and help print the usage of every command on standard output, exit 0', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const r = await run(args)
      expect([args, r.code, r.stderr]).toEqual([args, 0, ''])
      expect(r.stdout).toMatch(/^Usage:\n/)
      for (const command of ['validate', 'freight-class', 'transit-days', 'merge-appointment', 'openapi', 'examples']) expect(r.stdout).toContain(`shipper-rules ${command}`)
    }
  })
  it('every command answers --help and -h with its own usage, exit 0', async () => {
    for (const command of ['validate', 'freight-class', 'transit-days', 'merge-appointment', 'openapi', 'examples']) {
      for (const flag of ['--help', '-h']) {
        const r = await run([command, flag])
        expect([command, flag, r.code, r.stderr]).toEqual([command, flag, 0, ''])
        expect(r.stdout).toContain(`shipper-rules ${command}`)
        expect(r.stdout).toBe((await run(['help', command])).stdout)
      }
    }
    // after other arguments too
    expect((await run(['freight-class', '45', '--help'])).code).toBe(0)
    expect((await run(['transit-days', '2026-11-25', '--zone', '-h'])).code).toBe(0)
  })
  it('every validate kind answers --help with what it reads and the options it takes, exit 0', async () => {
    for (const kind of ['address', 'components', 'quote-request', 'create-shipment', 'appointment', 'tracking']) {
      const r = await run(['validate', kind, '--help'])
      expect([kind, r.code, r.stderr]).toEqual([kind, 0, ''])
      expect(r.stdout).toMatch(new RegExp(`^Usage: shipper-rules validate ${kind} `))
    }
    expect((await run(['validate', 'address', '--help'])).stdout).toContain('--purpose')
    expect((await run(['validate', 'components', '-h'])).stdout).toContain('--liftgate')
    expect((await run(['validate', 'tracking', '--help'])).stdout).toContain('"pings"?')
    expect((await run(['validate', 'tracking', '--help'])).stdout).not.toContain('--lenient')
    const unknown = await run(['validate', 'parcel', '--help'])
    expect([unknown.code, unknown.stdout]).toEqual([2, ''])
  })
  it('--version and -v print the same one line, exit 0 (package.json\'s version in the built bin: below)', async () => {
    const version = await run(['--version'])
    expect([version.code, version.stderr]).toEqual([0, ''])
    expect(version.stdout).toMatch(/^\S+\n$/)
    expect(await run(['-v'])).toEqual(version)
  })
})

describe('shipper-rules errors: one line on standard error, never the file\'s text', () => {
  const hint = (command?: string) => `; run shipper-rules ${command === undefined ? '' : `${command} `}--help\n`
  it('a usage error is one line naming the mistake and the help to run, exit 2', async () => {
    const cases: Array<[string[], string | undefined]> = [
      [[], undefined],
      [['frobnicate'], undefined],
      [['validate'], 'validate'],
      [['validate', 'address', '--nope'], 'validate'],
      [['validate', 'address', '--format', 'xml'], 'validate'],
      [['validate', 'parcel', 'x.json'], 'validate'],
      [['freight-class', '45'], 'freight-class'],
      [['transit-days', '2026-11-25', '--nope'], 'transit-days'],
      [['merge-appointment', 'none'], 'merge-appointment'],
      [['openapi', 'extra'], 'openapi'],
      [['examples', 'a', 'b'], 'examples'],
    ]
    for (const [args, command] of cases) {
      const r = await run(args)
      expect([args, r.code, r.stdout]).toEqual([args, 2, ''])
      expect(r.stderr.split('\n').length).toBe(2) // one line and its newline
      expect(r.stderr).toMatch(/^shipper-rules: /)
      expect(r.stderr.endsWith(hint(command))).toBe(true)
    }
  })
  it('malformed JSON: one line with the file name, line and column, and none of the file\'s text', async () => {
    const text = '{\n  "name": "Dana Whitfield",\n  "email": "dana.whitfield@lakeside-dc.example.com" \n  "zipCode": "60018"\n}\n'
    const bad = file('pii.json', text)
    for (const r of [await run(['validate', 'address', bad]), await run(['validate', 'address', '-'], text), await run(['merge-appointment', bad, 'none'])]) {
      expect([r.code, r.stdout]).toEqual([2, ''])
      expect(r.stderr.split('\n').length).toBe(2)
      expect(r.stderr).toMatch(/malformed JSON in .*: unexpected character at line 4, column 3\n$/)
      for (const piece of ['dana', 'Whitfield', 'lakeside', 'example.com', '60018', 'zipCode']) expect(r.stderr).not.toContain(piece)
    }
    expect((await run(['validate', 'address', bad])).stderr).toContain(bad)
    expect((await run(['validate', 'address', '-'], '{"email": "dana@example.com"')).stderr).toBe('shipper-rules: malformed JSON in standard input: unexpected end of input at line 1, column 29\n')
    expect((await run(['validate', 'address', '-'], 'dana@example.com')).stderr).toBe('shipper-rules: malformed JSON in standard input: unexpected character at line 1, column 1\n')
  })
  it('an unreadable file: one line naming it, exit 2', async () => {
    const r = await run(['validate', 'address', join(tmp, 'missing.json')])
    expect([r.code, r.stdout]).toEqual([2, ''])
    expect(r.stderr).toMatch(/^shipper-rules: cannot read .*missing\.json: ENOENT[^\n]*\n$/)
  })
})

describe('shipper-rules validate: byte order mark, several files, --format', () => {
  const bom = '\uFEFF'
  it('a UTF-8 byte order mark at the start of a file or of standard input is accepted', async () => {
    const body = readFileSync(join(ROOT, 'examples/address/valid-chicago-warehouse.json'), 'utf8')
    const withBom = file('bom.json', `${bom}${body}`)
    expect(readFileSync(withBom).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const plain = await run(['validate', 'address', 'examples/address/valid-chicago-warehouse.json'])
    expect(await run(['validate', 'address', withBom])).toEqual(plain)
    expect(await run(['validate', 'address', '-'], `${bom}${body}`)).toEqual(plain)
    expect((await run(['merge-appointment', file('bom-order.json', `${bom}${readFileSync(join(ROOT, 'examples/appointment/valid-order-override.json'), 'utf8')}`), 'none'])).code).toBe(0)
    // only at the start: anywhere else it is a character JSON does not allow
    expect((await run(['validate', 'address', '-'], ` ${bom}{}`)).code).toBe(2)
  })
  it('several files: one JSON array, an element per file in order; exit 0 all valid, 1 any invalid, 2 any unreadable', async () => {
    const valid = 'examples/address/valid-chicago-warehouse.json'
    const invalid = 'examples/address/invalid-many-mistakes.json'
    const both = await run(['validate', 'address', valid, 'examples/address/valid-puerto-rico-as-us-state.json'])
    expect([both.code, both.stderr]).toEqual([0, ''])
    const all = JSON.parse(both.stdout) as Array<{ file: string; valid: boolean }>
    expect(all.map((e) => [e.file, e.valid])).toEqual([[valid, true], ['examples/address/valid-puerto-rico-as-us-state.json', true]])
    expect(all[0]).toEqual({ file: valid, ...(JSON.parse((await run(['validate', 'address', valid])).stdout) as object) })

    const mixed = await run(['validate', 'address', valid, invalid])
    expect(mixed.code).toBe(1)
    const [a, b] = JSON.parse(mixed.stdout) as [{ valid: boolean }, { file: string; valid: boolean; problem: unknown }]
    expect([a.valid, b.file, b.valid]).toEqual([true, invalid, false])
    expect(b.problem).toEqual(JSON.parse((await run(['validate', 'address', invalid])).stdout))

    const missing = join(tmp, 'missing.json')
    const broken = await run(['validate', 'address', invalid, missing, '-'], '{"zipCode": "60601"}')
    expect(broken.code).toBe(2)
    const elements = JSON.parse(broken.stdout) as Array<{ file: string; valid?: boolean; error?: string }>
    expect(elements.map((e) => [e.file, e.valid, e.error === undefined])).toEqual([[invalid, false, true], [missing, undefined, false], ['standard input', false, true]])
    expect(broken.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^shipper-rules: cannot read .*missing\.json: ENOENT/)])
    expect((await run(['validate', 'address', '-', '-'])).code).toBe(2)
  })
  it('--format json is exactly the default output when standard output is not a terminal; --format pretty is readable text', async () => {
    const args = ['validate', 'address', 'examples/address/invalid-many-mistakes.json']
    const json = await run([...args, '--format', 'json'])
    expect(json).toEqual(await run(args))
    const pretty = await run([...args, '--format', 'pretty'])
    expect(pretty.code).toBe(1)
    expect(pretty.stdout).toMatch(/^invalid +examples\/address\/invalid-many-mistakes\.json\n +400 validation_failed: /)
    expect(pretty.stdout).toMatch(/\n +address1 +\[required\] is required/)
    expect(() => JSON.parse(pretty.stdout) as unknown).toThrow()
    const valid = await run(['validate', 'address', 'examples/address/valid-chicago-warehouse.json', '--format', 'pretty'])
    expect([valid.code, valid.stdout.split('\n')[0]]).toEqual([0, 'valid    examples/address/valid-chicago-warehouse.json'])
  })
  it('without --format: pretty when standard output is a terminal (CliIo.stdoutIsTTY), JSON otherwise', async () => {
    const out = async (stdoutIsTTY: boolean) => {
      let stdout = ''
      const io = {
        readFile: (p: string) => Promise.resolve(readFileSync(join(ROOT, p), 'utf8')),
        readStdin: () => Promise.resolve(''),
        listDir: () => Promise.resolve([]),
        stdout: (t: string) => void (stdout += t),
        stderr: () => undefined,
        stdoutIsTTY,
      }
      const code = await runCli(['validate', 'address', 'examples/address/valid-chicago-warehouse.json'], io)
      return { code, stdout }
    }
    const tty = await out(true)
    expect(tty.code).toBe(0)
    expect(tty.stdout).toMatch(/^valid +examples\/address\/valid-chicago-warehouse\.json\n/)
    const piped = await out(false)
    expect(piped.stdout).toBe((await run(['validate', 'address', 'examples/address/valid-chicago-warehouse.json'])).stdout)
  })
})

describe('the built bin, as a process', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  it('exit codes 0, 1 and 2 are the process\'s status, its output byte for byte the in-process run\'s', async () => {
    const cases: Array<[string[], number]> = [
      [['validate', 'address', 'examples/address/valid-chicago-warehouse.json'], 0],
      [['validate', 'address', 'examples/address/invalid-many-mistakes.json', '--format', 'pretty'], 1],
      // a relative path the bin cannot read: Node's message names it as given, in either run
      [['merge-appointment', 'nope.json', 'none'], 2],
    ]
    for (const [args, code] of cases) {
      const ran = spawnBin(args)
      expect([args, ran.code]).toEqual([args, code])
      expect(ran).toEqual(await run(args))
    }
    expect(spawnBin(['merge-appointment', 'nope.json', 'none']).stderr).toMatch(/^shipper-rules: cannot read place requirement nope\.json: ENOENT[^\n]*'nope\.json'\n$/)
  })
  it('reads standard input from a pipe, past 64 KiB and across multi-byte characters, as the in-process run reads the text', async () => {
    // whitespace puts the name's first character, 4 bytes in UTF-8, across byte 65,536 (where a pipe's first chunk usually ends)
    const name = '😀 Café Crème €Ørsted'
    const head = '"zipCode": "60601", "name": "'
    const body = `{${' '.repeat(65_534 - 1 - Buffer.byteLength(head))}${head}${name}"}`
    expect(Buffer.from(body).indexOf(Buffer.from(name))).toBe(65_534)
    const args = ['validate', 'address', '-', '--purpose', 'quote']
    const ran = spawnBin(args, body)
    expect([ran.code, ran.stderr]).toEqual([0, ''])
    expect((JSON.parse(ran.stdout) as { value: { name: string } }).value.name).toBe(name)
    expect(ran).toEqual(await run(args, body))
  })
  it('--version prints package.json\'s version (the build writes it in), exit 0', () => {
    expect(spawnBin(['--version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' })
  })
  it('a rejection of runCli is an internal error: exit 70 and one report on standard error, nothing on standard output', () => {
    // standard output that throws on write makes runCli reject
    const throwingStdout = `data:text/javascript,process.stdout.write = () => { throw new Error('stdout is gone') }`
    const r = spawnBin(['--version'], undefined, ['--import', throwingStdout])
    expect([r.code, r.stdout]).toEqual([70, ''])
    expect(r.stderr).toMatch(/^shipper-rules: internal error: Error: stdout is gone\n/)
  })
})
