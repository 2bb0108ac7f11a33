// The command line as API.md specifies it, run as a user runs it: the built bin (npm test builds
// first), real files, standard input, exit codes. Plus the examples runner behind `npm start`.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readProblemDetail } from '../src/errors/problem.js'

const ROOT = join(import.meta.dirname, '..')
const BIN = join(ROOT, 'dist', 'cli.js')
const run = (args: string[], input?: string) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, input: input ?? '', encoding: 'utf8' })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}
const tmp = mkdtempSync(join(tmpdir(), 'shipper-rules-cli-'))
const file = (name: string, text: string): string => {
  const p = join(tmp, name)
  writeFileSync(p, text)
  return p
}

describe('shipper-rules validate address', () => {
  it('a valid address: exit 0 and {"valid": true, "value": the normalized address}', () => {
    const r = run(['validate', 'address', 'examples/address/valid-puerto-rico-as-us-state.json'])
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as { valid: boolean; value: Record<string, unknown> }
    expect(out.valid).toBe(true)
    expect(out.value).toMatchObject({ country: 'PR', state: 'PR', zipCode: '00949', openTime: '10:00' })
    expect(r.stderr).toBe('')
  })
  it('an invalid address: exit 1 and the ProblemDetail on standard output, readable by readProblemDetail', () => {
    const r = run(['validate', 'address', 'examples/address/invalid-many-mistakes.json'])
    expect(r.code).toBe(1)
    const problem = readProblemDetail(JSON.parse(r.stdout))
    expect(problem._tag).toBe('Right')
    if (problem._tag === 'Right') {
      expect(problem.right).toMatchObject({ status: 400, reason: 'validation_failed' })
      expect(problem.right.violations?.length).toBe(11)
    }
  })
  it('reads standard input when the file is - or absent', () => {
    const body = JSON.stringify({ zipCode: '60601' })
    expect(run(['validate', 'address', '-', '--purpose', 'quote'], body).code).toBe(0)
    expect(run(['validate', 'address', '--purpose', 'quote'], body).code).toBe(0)
    const shipment = run(['validate', 'address', '-'], body)
    expect(shipment.code).toBe(1)
    expect((JSON.parse(shipment.stdout) as { violations: unknown[] }).violations.length).toBe(6)
  })
  it('malformed JSON, an unknown kind, an unreadable file: exit 2 with one line on standard error', () => {
    const cases = [
      run(['validate', 'address', file('bad.json', '{"zipCode": ')]),
      run(['validate', 'address', '-'], 'not json'),
      run(['validate', 'parcel', file('ok.json', '{}')]),
      run(['validate', 'address', join(tmp, 'missing.json')]),
      run(['validate', 'address', tmp]),
      run(['validate']),
      run(['frobnicate']),
    ]
    for (const r of cases) {
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr.trim().split('\n')[0]).toMatch(/^shipper-rules: /)
    }
  })
  it('every kind API.md names is implemented', () => {
    for (const kind of ['address', 'quote-request', 'create-shipment', 'appointment']) {
      const r = run(['validate', kind, '-'], '{}')
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
  it('without it, what a person typed is judged strictly: exit 1 at every typed field, and no repairs member', () => {
    const r = run(['validate', 'address', '-'], typed)
    expect(r.code).toBe(1)
    const p = JSON.parse(r.stdout) as { violations: Array<{ field: string }> }
    expect(p.violations.map((v) => v.field)).toEqual(['state', 'zipCode', 'email', 'openTime'])
    expect('repairs' in p).toBe(false)
  })
  it('with it, repairInput runs first: exit 0 and {"valid": true, "value": …, "repairs": [...]} in input order (a drop has no "after")', () => {
    const r = run(['validate', 'address', '-', '--lenient'], typed)
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
  it('still invalid after repair: exit 1, one JSON document, the ProblemDetail (readable by readProblemDetail) with a repairs member', () => {
    const body = JSON.stringify({ channel: ' portal', portalUrl: 'http://book.example.com', leadTimeHours: null })
    const r = run(['validate', 'appointment', '-', '--lenient'], body)
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout) as { violations: Array<{ field: string }> } & Repairs
    expect(readProblemDetail(out)._tag).toBe('Right')
    expect(out.violations.map((v) => v.field)).toEqual(['portalUrl'])
    expect(out.repairs.map((x) => [x.field, x.change])).toEqual([['channel', 'trimmed'], ['channel', 'upper_cased'], ['leadTimeHours', 'dropped_null']])
  })
  it('a kind repairInput does not know (tracking) is exit 2 with one line on standard error', () => {
    const r = run(['validate', 'tracking', 'examples/tracking/valid-chicago-dallas-fresh-ping.json', '--lenient'])
    expect([r.code, r.stdout]).toEqual([2, ''])
    expect(r.stderr).toMatch(/^shipper-rules: --lenient applies to address, components, quote-request, create-shipment, appointment/)
  })
})

describe('shipper-rules validate components', () => {
  it('valid pallet groups: exit 0 with the normalized components (class resolved, palletDimensions resolved)', () => {
    const r = run(['validate', 'components', 'examples/components/valid-three-pallet-groups.json'])
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as { value: Array<Record<string, unknown>> }
    expect(out.value.map((c) => c['freightClass'])).toEqual(['70', '65', '150'])
    expect(out.value[2]).toMatchObject({ dimensions: { length: 56, width: 48, height: 60 } })
  })
  it('--liftgate applies the liftgate limits: the same pallets become 422 pallet_invalid', () => {
    const body = JSON.stringify([{ palletCount: 1, poundsWeight: 2800, dimensions: { length: 48, width: 40, height: 100 } }])
    expect(run(['validate', 'components', '-'], body).code).toBe(0)
    const r = run(['validate', 'components', '-', '--liftgate'], body)
    expect(r.code).toBe(1)
    const p = JSON.parse(r.stdout) as { status: number; reason: string; violations: Array<{ field: string }> }
    expect([p.status, p.reason]).toEqual([422, 'pallet_invalid'])
    expect(p.violations.map((v) => v.field)).toEqual(['orderComponents[0].poundsWeight', 'orderComponents[0].dimensions.height'])
  })
})

describe('shipper-rules freight-class', () => {
  it('prints density and class, exactly on a boundary, on either scale', () => {
    const a = run(['freight-class', '45', '12', '12', '24'])
    expect(a.code).toBe(0)
    expect(a.stdout).toMatch(/density +22\.5 lb\/ft3/)
    expect(a.stdout).toMatch(/freight class +65 \(NMFC_2025_SCALE\)/)
    const b = run(['freight-class', '500', '48', '40', '48', '--scale', 'nmfc-2025'])
    expect(b.stdout).toMatch(/density +9\.375 lb\/ft3/)
    expect(b.stdout).toMatch(/freight class +100 \(NMFC_2025_SCALE\)/)
    expect(run(['freight-class', '380', '56', '48', '60']).stdout).toMatch(/oversized +yes/)
  })
  it('bad arguments are exit 2 with a message', () => {
    for (const args of [['freight-class'], ['freight-class', '45', '12', '12'], ['freight-class', '45', '12', '12', '-4'], ['freight-class', '1', '1', '1', '1', '--scale', 'x']]) {
      const r = run(args)
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^shipper-rules: /)
    }
  })
})

describe('shipper-rules transit-days', () => {
  it('prints the business days, with holidays and zones, or null', () => {
    expect(run(['transit-days', '2026-11-25', '2026-11-30']).stdout).toBe('3\n')
    // carriers close on Thanksgiving and the day after (issue 14): only Monday the 30th counts
    expect(run(['transit-days', '2026-11-25', '2026-11-30', '--holidays', 'carrier']).stdout).toBe('1\n')
    // New Year's Day 2028 (a Saturday) is observed Friday Dec 31; New Year's Eve then moves to Thursday Dec 30
    expect(run(['transit-days', '2027-12-29', '2028-01-03', '--holidays', 'carrier']).stdout).toBe('2\n')
    expect(run(['transit-days', '2027-12-29', '2028-01-03', '--holidays', 'carrier-new-years-eve']).stdout).toBe('1\n')
    expect(run(['transit-days', '2026-11-30', '2026-11-25']).stdout).toBe('null\n')
    // 23:30 in New York on Wednesday is still Wednesday in Los Angeles, Thursday in UTC+14
    expect(run(['transit-days', '2026-11-25T23:30:00-05:00', '2026-11-27T12:00:00-05:00', '--zone', 'America/Los_Angeles']).stdout).toBe('2\n')
    expect(run(['transit-days', '2026-11-25T23:30:00-05:00', '2026-11-27T12:00:00-05:00', '--zone', 'Pacific/Kiritimati']).stdout).toBe('1\n')
  })
  it('bad dates, zones or options are exit 2', () => {
    for (const args of [['transit-days', 'x', '2026-11-30'], ['transit-days', '2026-11-25'], ['transit-days', '2026-11-25', '2026-11-30', '--zone', 'Mars/Base'], ['transit-days', '2026-11-25', '2026-11-30', '--holidays', 'easter']]) {
      const r = run(args)
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^shipper-rules: /)
    }
  })
})

describe('shipper-rules validate appointment and merge-appointment', () => {
  it('validates a requirement body: 0 with the normalized value, 1 with every violation at its path', () => {
    expect(run(['validate', 'appointment', 'examples/appointment/valid-order-override.json']).code).toBe(0)
    const r = run(['validate', 'appointment', 'examples/appointment/invalid-portal-without-url.json'])
    expect(r.code).toBe(1)
    const p = JSON.parse(r.stdout) as { violations: Array<{ field: string }> }
    expect(p.violations.map((v) => v.field)).toEqual(['portalUrl', 'contacts[0].phone', 'contacts[1].name', 'contacts[1]', 'referenceNumbers[1]', 'leadTimeHours'])
  })
  it('merges a place default with an order override and prints the provenance map', () => {
    const r = run(['merge-appointment', 'examples/appointment/valid-place-default.json', 'examples/appointment/valid-order-override.json'])
    expect(r.code).toBe(0)
    const m = JSON.parse(r.stdout) as { channel: string; appointmentRequired: boolean; referenceNumbers: string[]; _merged: { fields: Record<string, string> } }
    expect([m.channel, m.appointmentRequired, m.referenceNumbers]).toEqual(['PORTAL', true, ['DC-4471', 'PO-88123']])
    expect(m._merged.fields).toEqual({ channel: 'PLACE_AND_ORDER', portalUrl: 'ORDER', contacts: 'PLACE_AND_ORDER', instructions: 'PLACE_AND_ORDER', referenceNumbers: 'PLACE_AND_ORDER', leadTimeHours: 'PLACE_AND_ORDER' })
    const onlyOrder = JSON.parse(run(['merge-appointment', 'none', 'examples/appointment/valid-order-override.json']).stdout) as typeof m
    expect(new Set(Object.values(onlyOrder._merged.fields))).toEqual(new Set(['ORDER']))
  })
  it('an invalid side is exit 1 with paths under place or order; a missing file is exit 2', () => {
    const r = run(['merge-appointment', 'none', 'examples/appointment/invalid-portal-without-url.json'])
    expect(r.code).toBe(1)
    expect((JSON.parse(r.stdout) as { violations: Array<{ field: string }> }).violations[0]!.field).toBe('order.portalUrl')
    expect(run(['merge-appointment', 'nope.json', 'none']).code).toBe(2)
    expect(run(['merge-appointment', 'none']).code).toBe(2)
  })
})

describe('shipper-rules validate tracking', () => {
  it('builds the Tracking response of the Chicago to Dallas examples: with a sentence, or flagged off route without one', () => {
    const fresh = run(['validate', 'tracking', 'examples/tracking/valid-chicago-dallas-fresh-ping.json'])
    expect(fresh.code).toBe(0)
    const t = (JSON.parse(fresh.stdout) as { value: { orderStatus: string; location: { statusDescription?: string; isSignificantlyDelayed: boolean } } }).value
    expect(t.orderStatus).toBe('IN_TRANSIT')
    expect(t.location.statusDescription).toBe('In transit near Chatham, IL; expected Tuesday, Nov 24')
    const stale = JSON.parse(run(['validate', 'tracking', 'examples/tracking/valid-chicago-dallas-stale-ping-off-route.json']).stdout) as { value: typeof t }
    expect([stale.value.location.isSignificantlyDelayed, stale.value.location.statusDescription]).toEqual([true, undefined])
    const honolulu = JSON.parse(run(['validate', 'tracking', 'examples/tracking/valid-honolulu-appointment-no-location.json']).stdout) as { value: Record<string, unknown> }
    expect(honolulu.value).toEqual({ id: 'ord_01JD7HNL01', orderNumber: 'HNL01', orderStatus: 'ACCEPTED', estimatedPickupDate: '2026-11-20T17:00:00Z', estimatedDeliveryDate: '2026-11-25T08:00:00Z' })
  })
  it('an unknown include section or a bad ping: exit 1 with the violations', () => {
    const r = run(['validate', 'tracking', 'examples/tracking/invalid-bad-ping.json'])
    expect(r.code).toBe(1)
    const fields = (JSON.parse(r.stdout) as { violations: Array<{ field: string }> }).violations.map((v) => v.field)
    expect(fields).toEqual(['pings[0].vehicleId', 'pings[0].timestamp', 'pings[0].longitude', 'pings[0].heading', 'pings[0].speed'])
    expect(run(['validate', 'tracking', 'examples/tracking/invalid-unknown-include-section.json']).code).toBe(1)
  })
})

describe('shipper-rules examples (npm start)', () => {
  it('runs every example, prints each result readably and exits 0 when all came out as named', () => {
    const r = run(['examples', 'examples'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('ok   address/valid-chicago-warehouse.json')
    expect(r.stdout).toContain('ok   address/invalid-many-mistakes.json')
    expect(r.stdout).toMatch(/address1 +\[required\]/)
    expect(r.stdout).toMatch(/(\d+) examples, \1 as expected, 0 not/)
  })
  it('exits 1 when an example does not come out as its name says', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shipper-rules-examples-'))
    const sub = join(dir, 'address')
    mkdirSync(sub)
    writeFileSync(join(sub, 'valid-not-really.json'), '{"zipCode": "99999"}')
    const r = run(['examples', dir])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('FAIL address/valid-not-really.json')
  })
})

describe('shipper-rules openapi', () => {
  it('prints the OpenAPI 3.1.0 document (interface version 1.2.0) as JSON, exit 0; an argument is exit 2', () => {
    const r = run(['openapi'])
    expect([r.code, r.stderr]).toEqual([0, ''])
    const d = JSON.parse(r.stdout) as { openapi: string; info: { version: string }; paths: Record<string, object> }
    const operations = Object.values(d.paths).flatMap((item) => Object.keys(item))
    expect([d.openapi, d.info.version, operations.length]).toEqual(['3.1.0', '1.2.0', 15])
    const bad = run(['openapi', 'extra'])
    expect([bad.code, bad.stdout]).toEqual([2, ''])
    expect(bad.stderr).toMatch(/^shipper-rules: /)
  })
})

describe('shipper-rules --help and --version', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  it('--help, -h and help print the usage of every command on standard output, exit 0', () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const r = run(args)
      expect([args, r.code, r.stderr]).toEqual([args, 0, ''])
      expect(r.stdout).toMatch(/^Usage:\n/)
      for (const command of ['validate', 'freight-class', 'transit-days', 'merge-appointment', 'openapi', 'examples']) expect(r.stdout).toContain(`shipper-rules ${command}`)
    }
  })
  it('every command answers --help and -h with its own usage, exit 0', () => {
    for (const command of ['validate', 'freight-class', 'transit-days', 'merge-appointment', 'openapi', 'examples']) {
      for (const flag of ['--help', '-h']) {
        const r = run([command, flag])
        expect([command, flag, r.code, r.stderr]).toEqual([command, flag, 0, ''])
        expect(r.stdout).toContain(`shipper-rules ${command}`)
        expect(r.stdout).toBe(run(['help', command]).stdout)
      }
    }
    // after other arguments too
    expect(run(['freight-class', '45', '--help']).code).toBe(0)
    expect(run(['transit-days', '2026-11-25', '--zone', '-h']).code).toBe(0)
  })
  it('every validate kind answers --help with what it reads and the options it takes, exit 0', () => {
    for (const kind of ['address', 'components', 'quote-request', 'create-shipment', 'appointment', 'tracking']) {
      const r = run(['validate', kind, '--help'])
      expect([kind, r.code, r.stderr]).toEqual([kind, 0, ''])
      expect(r.stdout).toMatch(new RegExp(`^Usage: shipper-rules validate ${kind} `))
    }
    expect(run(['validate', 'address', '--help']).stdout).toContain('--purpose')
    expect(run(['validate', 'components', '-h']).stdout).toContain('--liftgate')
    expect(run(['validate', 'tracking', '--help']).stdout).toContain('"pings"?')
    expect(run(['validate', 'tracking', '--help']).stdout).not.toContain('--lenient')
    const unknown = run(['validate', 'parcel', '--help'])
    expect([unknown.code, unknown.stdout]).toEqual([2, ''])
  })
  it('--version and -v print package.json\'s version, exit 0', () => {
    for (const flag of ['--version', '-v']) expect(run([flag])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' })
  })
})

describe('shipper-rules errors: one line on standard error, never the file\'s text', () => {
  const hint = (command?: string) => `; run shipper-rules ${command === undefined ? '' : `${command} `}--help\n`
  it('a usage error is one line naming the mistake and the help to run, exit 2', () => {
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
      const r = run(args)
      expect([args, r.code, r.stdout]).toEqual([args, 2, ''])
      expect(r.stderr.split('\n').length).toBe(2) // one line and its newline
      expect(r.stderr).toMatch(/^shipper-rules: /)
      expect(r.stderr.endsWith(hint(command))).toBe(true)
    }
  })
  it('malformed JSON: one line with the file name, line and column, and none of the file\'s text', () => {
    const text = '{\n  "name": "Dana Whitfield",\n  "email": "dana.whitfield@lakeside-dc.example.com" \n  "zipCode": "60018"\n}\n'
    const bad = file('pii.json', text)
    for (const r of [run(['validate', 'address', bad]), run(['validate', 'address', '-'], text), run(['merge-appointment', bad, 'none'])]) {
      expect([r.code, r.stdout]).toEqual([2, ''])
      expect(r.stderr.split('\n').length).toBe(2)
      expect(r.stderr).toMatch(/malformed JSON in .*: unexpected character at line 4, column 3\n$/)
      for (const piece of ['dana', 'Whitfield', 'lakeside', 'example.com', '60018', 'zipCode']) expect(r.stderr).not.toContain(piece)
    }
    expect(run(['validate', 'address', bad]).stderr).toContain(bad)
    expect(run(['validate', 'address', '-'], '{"email": "dana@example.com"').stderr).toBe('shipper-rules: malformed JSON in standard input: unexpected end of input at line 1, column 29\n')
    expect(run(['validate', 'address', '-'], 'dana@example.com').stderr).toBe('shipper-rules: malformed JSON in standard input: unexpected character at line 1, column 1\n')
  })
  it('an unreadable file: one line naming it, exit 2', () => {
    const r = run(['validate', 'address', join(tmp, 'missing.json')])
    expect([r.code, r.stdout]).toEqual([2, ''])
    expect(r.stderr).toMatch(/^shipper-rules: cannot read .*missing\.json: ENOENT[^\n]*\n$/)
  })
})

describe('shipper-rules validate: byte order mark, several files, --format', () => {
  const bom = '\uFEFF'
  it('a UTF-8 byte order mark at the start of a file or of standard input is accepted', () => {
    const body = readFileSync(join(ROOT, 'examples/address/valid-chicago-warehouse.json'), 'utf8')
    const withBom = file('bom.json', `${bom}${body}`)
    expect(readFileSync(withBom).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const plain = run(['validate', 'address', 'examples/address/valid-chicago-warehouse.json'])
    expect(run(['validate', 'address', withBom])).toEqual(plain)
    expect(run(['validate', 'address', '-'], `${bom}${body}`)).toEqual(plain)
    expect(run(['merge-appointment', file('bom-order.json', `${bom}${readFileSync(join(ROOT, 'examples/appointment/valid-order-override.json'), 'utf8')}`), 'none']).code).toBe(0)
    // only at the start: anywhere else it is a character JSON does not allow
    expect(run(['validate', 'address', '-'], ` ${bom}{}`).code).toBe(2)
  })
  it('several files: one JSON array, an element per file in order; exit 0 all valid, 1 any invalid, 2 any unreadable', () => {
    const valid = 'examples/address/valid-chicago-warehouse.json'
    const invalid = 'examples/address/invalid-many-mistakes.json'
    const both = run(['validate', 'address', valid, 'examples/address/valid-puerto-rico-as-us-state.json'])
    expect([both.code, both.stderr]).toEqual([0, ''])
    const all = JSON.parse(both.stdout) as Array<{ file: string; valid: boolean }>
    expect(all.map((e) => [e.file, e.valid])).toEqual([[valid, true], ['examples/address/valid-puerto-rico-as-us-state.json', true]])
    expect(all[0]).toEqual({ file: valid, ...(JSON.parse(run(['validate', 'address', valid]).stdout) as object) })

    const mixed = run(['validate', 'address', valid, invalid])
    expect(mixed.code).toBe(1)
    const [a, b] = JSON.parse(mixed.stdout) as [{ valid: boolean }, { file: string; valid: boolean; problem: unknown }]
    expect([a.valid, b.file, b.valid]).toEqual([true, invalid, false])
    expect(b.problem).toEqual(JSON.parse(run(['validate', 'address', invalid]).stdout))

    const missing = join(tmp, 'missing.json')
    const broken = run(['validate', 'address', invalid, missing, '-'], '{"zipCode": "60601"}')
    expect(broken.code).toBe(2)
    const elements = JSON.parse(broken.stdout) as Array<{ file: string; valid?: boolean; error?: string }>
    expect(elements.map((e) => [e.file, e.valid, e.error === undefined])).toEqual([[invalid, false, true], [missing, undefined, false], ['standard input', false, true]])
    expect(broken.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^shipper-rules: cannot read .*missing\.json: ENOENT/)])
    expect(run(['validate', 'address', '-', '-']).code).toBe(2)
  })
  it('--format json is exactly the default output when standard output is not a terminal; --format pretty is readable text', () => {
    const args = ['validate', 'address', 'examples/address/invalid-many-mistakes.json']
    const json = run([...args, '--format', 'json'])
    expect(json).toEqual(run(args))
    const pretty = run([...args, '--format', 'pretty'])
    expect(pretty.code).toBe(1)
    expect(pretty.stdout).toMatch(/^invalid +examples\/address\/invalid-many-mistakes\.json\n +400 validation_failed: /)
    expect(pretty.stdout).toMatch(/\n +address1 +\[required\] is required/)
    expect(() => JSON.parse(pretty.stdout) as unknown).toThrow()
    const valid = run(['validate', 'address', 'examples/address/valid-chicago-warehouse.json', '--format', 'pretty'])
    expect([valid.code, valid.stdout.split('\n')[0]]).toEqual([0, 'valid    examples/address/valid-chicago-warehouse.json'])
  })
  it('without --format: pretty when standard output is a terminal (CliIo.stdoutIsTTY), JSON otherwise', async () => {
    const { runCli } = await import('../src/cli/main.js')
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
    expect(piped.stdout).toBe(run(['validate', 'address', 'examples/address/valid-chicago-warehouse.json']).stdout)
  })
})
