/**
 * The `shipper-rules` command line. All I/O goes through the `CliIo` argument, so the whole CLI
 * runs in tests without a process.
 *
 *   shipper-rules validate <kind> [file|-] [--purpose shipment|quote|response] [--liftgate] [--lenient]
 *   shipper-rules freight-class <pounds-per-pallet> <length> <width> <height> [--scale 18|nmfc-2025]
 *   shipper-rules transit-days <pickup> <delivery> [--zone Z] [--holidays us-federal|carrier]
 *   shipper-rules merge-appointment <place.json|none> <order.json|none>
 *   shipper-rules openapi
 *   shipper-rules examples [dir]
 *
 * Exit codes: 0 valid, 1 invalid (the ProblemDetail on standard output), 2 usage errors,
 * malformed JSON, unknown kind, unreadable file.
 *
 * @module
 */
import { isLeft } from 'fp-ts/lib/Either.js'
import type { ProblemDetail } from '../errors/problem.js'
import { REPAIR_KINDS, repairInput, type Repair, type RepairKind } from '../rules/repair.js'
import { freightClassCommand, FREIGHT_CLASS_USAGE } from './freightClass.js'
import type { CliIo } from './io.js'
import { KINDS, type KindOptions } from './kinds.js'
import { MERGE_APPOINTMENT_USAGE, mergeAppointmentCommand } from './mergeAppointment.js'
import { OPENAPI_USAGE, openapiCommand } from './openapi.js'
import { TRACKING_INPUT } from './tracking.js'
import { TRANSIT_DAYS_USAGE, transitDaysCommand } from './transitDays.js'

/** The validate kinds that have a repairInput kind of the same name. */
const LENIENT_KINDS: ReadonlyArray<string> = Object.keys(KINDS).filter((k) => (REPAIR_KINDS as ReadonlyArray<string>).includes(k))

export const USAGE = `Usage:
  shipper-rules validate <kind> [file|-] [--purpose shipment|quote|response] [--liftgate] [--lenient]
      kind: ${Object.keys(KINDS).join(', ')}
      reads JSON from the file, or standard input when the file is - or absent;
      prints {"valid": true, "value": …} and exits 0, or the ProblemDetail and exits 1.
      --purpose applies to address; --liftgate applies the liftgate limits to components.
      --lenient repairs what a person typed first (repairInput: blanks trimmed, code case,
      empty or null optionals dropped) and adds "repairs": [...] to the JSON printed; kinds:
      ${LENIENT_KINDS.join(', ')}.
      tracking builds the Tracking response from order facts:
        ${TRACKING_INPUT}
${FREIGHT_CLASS_USAGE}
${TRANSIT_DAYS_USAGE}
${MERGE_APPOINTMENT_USAGE}
${OPENAPI_USAGE}
  shipper-rules examples [dir]
      validates every <dir>/<kind>/{valid,invalid}-*.json (default dir: examples) and prints
      each result readably; exits 0 when every example came out as its name says.
Exit code 2: usage error, unknown kind, unreadable file or malformed JSON.
`

const EXIT = { valid: 0, invalid: 1, usage: 2 } as const

/** Runs the CLI on `argv` (without the node and script names); resolves to the exit code. */
export const runCli = async (argv: ReadonlyArray<string>, io: CliIo): Promise<number> => {
  const [command, ...rest] = argv
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    ;(command === undefined ? io.stderr : io.stdout)(USAGE)
    return command === undefined ? EXIT.usage : EXIT.valid
  }
  if (command === 'validate') return validate(rest, io)
  if (command === 'examples') return examples(rest, io)
  if (command === 'freight-class') return freightClassCommand(rest, io)
  if (command === 'transit-days') return transitDaysCommand(rest, io)
  if (command === 'merge-appointment') return mergeAppointmentCommand(rest, io)
  if (command === 'openapi') return openapiCommand(rest, io)
  io.stderr(`shipper-rules: unknown command '${command}' (try --help)\n`)
  return EXIT.usage
}

type Parsed = { kind: string; file: string | undefined; options: KindOptions; lenient: boolean } | { error: string }

const parseValidateArgs = (args: ReadonlyArray<string>): Parsed => {
  const positional: string[] = []
  let purpose: KindOptions['purpose']
  let liftgate = false
  let lenient = false
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === '--liftgate') {
      liftgate = true
    } else if (a === '--lenient') {
      lenient = true
    } else if (a === '--purpose') {
      const v = args[++i]
      if (v !== 'shipment' && v !== 'quote' && v !== 'response') {
        return { error: '--purpose takes shipment, quote or response' }
      }
      purpose = v
    } else if (a.startsWith('--')) {
      return { error: `unknown option '${a}'` }
    } else {
      positional.push(a)
    }
  }
  const [kind, file, extra] = positional
  if (kind === undefined) return { error: 'validate needs a kind' }
  if (extra !== undefined) return { error: `unexpected argument '${extra}'` }
  return { kind, file, options: { ...(purpose === undefined ? {} : { purpose }), ...(liftgate ? { liftgate } : {}) }, lenient }
}

/** With --lenient: the repairs made before validating (absent without it). */
type Repairs = { readonly repairs?: ReadonlyArray<Repair> }

type Outcome =
  | ({ readonly tag: 'valid'; readonly value: unknown } & Repairs)
  | ({ readonly tag: 'invalid'; readonly problem: ProblemDetail } & Repairs)
  | { readonly tag: 'error'; readonly message: string }

const check = async (kind: string, file: string | undefined, options: KindOptions, io: CliIo, lenient = false): Promise<Outcome> => {
  const validator = Object.prototype.hasOwnProperty.call(KINDS, kind) ? KINDS[kind] : undefined
  if (validator === undefined) {
    return { tag: 'error', message: `unknown kind '${kind}' (kinds: ${Object.keys(KINDS).join(', ')})` }
  }
  if (lenient && !LENIENT_KINDS.includes(kind)) {
    return { tag: 'error', message: `--lenient applies to ${LENIENT_KINDS.join(', ')}, not to ${kind}` }
  }
  let text: string
  try {
    text = file === undefined || file === '-' ? await io.readStdin() : await io.readFile(file)
  } catch (e) {
    return { tag: 'error', message: `cannot read ${file ?? 'standard input'}: ${e instanceof Error ? e.message : String(e)}` }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return { tag: 'error', message: `malformed JSON in ${file ?? 'standard input'}: ${e instanceof Error ? e.message : String(e)}` }
  }
  // --lenient: repairInput first (LENIENT_KINDS are repair kinds), its repairs reported beside the result
  const repaired = lenient ? repairInput(kind as RepairKind, json) : undefined
  const result = validator(repaired === undefined ? json : repaired.body, options)
  const repairs = repaired === undefined ? {} : { repairs: repaired.repairs }
  return isLeft(result) ? { tag: 'invalid', problem: result.left, ...repairs } : { tag: 'valid', value: result.right, ...repairs }
}

const validate = async (args: ReadonlyArray<string>, io: CliIo): Promise<number> => {
  const parsed = parseValidateArgs(args)
  if ('error' in parsed) {
    io.stderr(`shipper-rules: ${parsed.error}\n${USAGE}`)
    return EXIT.usage
  }
  const outcome = await check(parsed.kind, parsed.file, parsed.options, io, parsed.lenient)
  switch (outcome.tag) {
    // one JSON document on standard output; with --lenient, the repairs as one more member
    // (an RFC 9457 extension member of the ProblemDetail); a drop's "after" is absent in JSON
    case 'valid':
      io.stdout(`${JSON.stringify({ valid: true, value: outcome.value, ...outcome.repairs === undefined ? {} : { repairs: outcome.repairs } }, null, 2)}\n`)
      return EXIT.valid
    case 'invalid':
      io.stdout(`${JSON.stringify({ ...outcome.problem, ...outcome.repairs === undefined ? {} : { repairs: outcome.repairs } }, null, 2)}\n`)
      return EXIT.invalid
    case 'error':
      io.stderr(`shipper-rules: ${outcome.message}\n`)
      return EXIT.usage
  }
}

const EXAMPLE_NAME = /^(valid|invalid)-.+\.json$/

const examples = async (args: ReadonlyArray<string>, io: CliIo): Promise<number> => {
  if (args.length > 1) {
    io.stderr(`shipper-rules: examples takes at most one directory\n${USAGE}`)
    return EXIT.usage
  }
  const dir = args[0] ?? 'examples'
  let kinds: ReadonlyArray<{ name: string; isDirectory: boolean }>
  try {
    kinds = await io.listDir(dir)
  } catch (e) {
    io.stderr(`shipper-rules: cannot read ${dir}: ${e instanceof Error ? e.message : String(e)}\n`)
    return EXIT.usage
  }
  let total = 0
  let surprises = 0
  for (const kind of [...kinds].filter((k) => k.isDirectory).sort((a, b) => a.name.localeCompare(b.name))) {
    const files = (await io.listDir(`${dir}/${kind.name}`))
      .filter((f) => !f.isDirectory && EXAMPLE_NAME.test(f.name))
      .map((f) => f.name)
      .sort()
    for (const name of files) {
      total += 1
      const expected = name.startsWith('valid-') ? 'valid' : 'invalid'
      const outcome = await check(kind.name, `${dir}/${kind.name}/${name}`, {}, io)
      const ok = outcome.tag === expected
      if (!ok) surprises += 1
      io.stdout(`${ok ? 'ok  ' : 'FAIL'} ${kind.name}/${name}\n`)
      io.stdout(describeOutcome(outcome, expected))
    }
  }
  io.stdout(`\n${total} example${total === 1 ? '' : 's'}, ${total - surprises} as expected, ${surprises} not\n`)
  return surprises === 0 && total > 0 ? EXIT.valid : EXIT.invalid
}

const describeOutcome = (outcome: Outcome, expected: 'valid' | 'invalid'): string => {
  switch (outcome.tag) {
    case 'valid': {
      const head = `     valid${expected === 'valid' ? '' : ' (expected invalid)'}; normalized:`
      const items = Array.isArray(outcome.value) ? outcome.value : [outcome.value]
      return `${head}\n${items.map((v) => `       ${JSON.stringify(v)}\n`).join('')}\n`
    }
    case 'error':
      return `     error: ${outcome.message}\n\n`
    case 'invalid': {
      const p = outcome.problem
      const head = `     ${p.status} ${p.reason}: ${p.detail}${expected === 'invalid' ? '' : ' (expected valid)'}\n`
      const vs = p.violations ?? []
      const width = Math.max(0, ...vs.map((v) => v.field.length))
      return head + vs.map((v) => `       ${v.field.padEnd(width)}  [${v.code}] ${v.reason}\n`).join('') + '\n'
    }
  }
}
