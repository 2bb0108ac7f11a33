/**
 * The `shipper-rules` command line. All I/O goes through the `CliIo` argument, so the whole CLI
 * runs in tests without a process.
 *
 *   shipper-rules validate <kind> [file...|-] [--purpose shipment|quote|response] [--liftgate] [--lenient] [--format json|pretty]
 *   shipper-rules freight-class <pounds-per-pallet> <length> <width> <height> [--scale 18|nmfc-2025]
 *   shipper-rules transit-days <pickup> <delivery> [--zone Z] [--holidays us-federal|carrier]
 *   shipper-rules merge-appointment <place.json|none> <order.json|none>
 *   shipper-rules openapi
 *   shipper-rules examples [dir]
 *   shipper-rules --version | --help | <command> --help
 *
 * Exit codes: 0 valid, 1 invalid (the ProblemDetail on standard output), 2 usage errors,
 * malformed JSON, unknown kind, unreadable file (one line on standard error, never the file's text).
 *
 * @module
 */
import { isLeft } from 'fp-ts/lib/Either.js'
import type { ProblemDetail } from '../errors/problem.js'
import { repairInput, type Repair, type RepairKind } from '../rules/repair.js'
import { freightClassCommand, FREIGHT_CLASS_USAGE } from './freightClass.js'
import type { CliIo } from './io.js'
import { parseJsonText } from './jsonText.js'
import { KINDS, kindUsage, LENIENT_KINDS, type KindOptions } from './kinds.js'
import { MERGE_APPOINTMENT_USAGE, mergeAppointmentCommand } from './mergeAppointment.js'
import { OPENAPI_USAGE, openapiCommand } from './openapi.js'
import { TRACKING_INPUT } from './tracking.js'
import { TRANSIT_DAYS_USAGE, transitDaysCommand } from './transitDays.js'
import { errorLine, EXIT, printHelp, readFormat, usageError, wantsHelp, type Format } from './usage.js'
import { VERSION } from './version.js'

export const VALIDATE_USAGE = `  shipper-rules validate <kind> [file...|-] [--purpose shipment|quote|response] [--liftgate]
                         [--lenient] [--format json|pretty]
      kind: ${Object.keys(KINDS).join(', ')} (shipper-rules validate <kind> --help)
      reads JSON from each file, or standard input when the file is - or absent (a UTF-8
      byte order mark is accepted); prints {"valid": true, "value": …} for a valid one or the
      ProblemDetail for an invalid one. Several files: one JSON array, an element per file in
      order: {"file", "valid": true, "value"} | {"file", "valid": false, "problem"} |
      {"file", "error"}. Exit 0 when all are valid, 1 when any is invalid, 2 when any is
      unreadable or malformed (one line on standard error each).
      --format json|pretty: pretty (readable text) by default on a terminal, JSON otherwise.
      --purpose applies to address; --liftgate applies the liftgate limits to components.
      --lenient repairs what a person typed first (repairInput: blanks trimmed, code case,
      empty or null optionals dropped) and adds "repairs": [...] to the JSON printed; kinds:
      ${LENIENT_KINDS.join(', ')}.
      tracking builds the Tracking response from order facts:
        ${TRACKING_INPUT}`

export const EXAMPLES_USAGE = `  shipper-rules examples [dir]
      validates every <dir>/<kind>/{valid,invalid}-*.json (default dir: examples) and prints
      each result readably; exits 0 when every example came out as its name says.`

const COMMANDS: Readonly<Record<string, string>> = {
  validate: VALIDATE_USAGE,
  'freight-class': FREIGHT_CLASS_USAGE,
  'transit-days': TRANSIT_DAYS_USAGE,
  'merge-appointment': MERGE_APPOINTMENT_USAGE,
  openapi: OPENAPI_USAGE,
  examples: EXAMPLES_USAGE,
}

const commandUsage = (command: string): string => `Usage:\n${COMMANDS[command]!}\n`

export const USAGE = `Usage:
${Object.values(COMMANDS).join('\n')}
  shipper-rules --version      prints the package version.
  shipper-rules <command> --help, shipper-rules help [command]: the usage of a command.
Exit codes: 0 valid, 1 invalid (the ProblemDetail on standard output), 2 usage error, unknown
kind, unreadable file or malformed JSON (one line on standard error).
`

const isCommand = (name: string): boolean => Object.prototype.hasOwnProperty.call(COMMANDS, name)

/** Runs the CLI on `argv` (without the node and script names); resolves to the exit code. */
export const runCli = async (argv: ReadonlyArray<string>, io: CliIo): Promise<number> => {
  const [command, ...rest] = argv
  if (command === undefined) return usageError(io, undefined, 'a command is needed')
  if (command === '--help' || command === '-h') return printHelp(io, USAGE)
  if (command === 'help') {
    const topic = rest[0]
    if (topic === undefined) return printHelp(io, USAGE)
    return isCommand(topic) ? printHelp(io, commandUsage(topic)) : usageError(io, undefined, `unknown command '${topic}'`)
  }
  if (command === '--version' || command === '-v') {
    io.stdout(`${VERSION}\n`)
    return EXIT.valid
  }
  if (!isCommand(command)) return usageError(io, undefined, `unknown command '${command}'`)
  if (command === 'validate') return validate(rest, io)
  if (wantsHelp(rest)) return printHelp(io, commandUsage(command))
  if (command === 'examples') return examples(rest, io)
  if (command === 'freight-class') return freightClassCommand(rest, io)
  if (command === 'transit-days') return transitDaysCommand(rest, io)
  if (command === 'merge-appointment') return mergeAppointmentCommand(rest, io)
  return openapiCommand(rest, io)
}

type Parsed =
  | { kind: string; files: ReadonlyArray<string>; options: KindOptions; lenient: boolean; format: Format | undefined }
  | { error: string }

const parseValidateArgs = (args: ReadonlyArray<string>): Parsed => {
  const positional: string[] = []
  let purpose: KindOptions['purpose']
  let liftgate = false
  let lenient = false
  let format: Format | undefined
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
    } else if (a === '--format') {
      const f = readFormat(args[++i])
      if (typeof f !== 'string') return f
      format = f
    } else if (a.startsWith('--')) {
      return { error: `unknown option '${a}'` }
    } else {
      positional.push(a)
    }
  }
  const [kind, ...files] = positional
  if (kind === undefined) return { error: 'validate needs a kind' }
  if (files.filter((f) => f === '-').length > 1) return { error: 'standard input (-) can be read once' }
  return { kind, files, options: { ...(purpose === undefined ? {} : { purpose }), ...(liftgate ? { liftgate } : {}) }, lenient, format }
}

/** With --lenient: the repairs made before validating (absent without it). */
type Repairs = { readonly repairs?: ReadonlyArray<Repair> }

type Outcome =
  | ({ readonly tag: 'valid'; readonly value: unknown } & Repairs)
  | ({ readonly tag: 'invalid'; readonly problem: ProblemDetail } & Repairs)
  | { readonly tag: 'error'; readonly message: string }

/** The message of a kind or option the kind does not take; undefined when both are fine. */
const kindError = (kind: string, lenient: boolean): string | undefined => {
  if (!Object.prototype.hasOwnProperty.call(KINDS, kind)) return `unknown kind '${kind}' (kinds: ${Object.keys(KINDS).join(', ')})`
  if (lenient && !LENIENT_KINDS.includes(kind)) return `--lenient applies to ${LENIENT_KINDS.join(', ')}, not to ${kind}`
  return undefined
}

const sourceName = (file: string | undefined): string => (file === undefined || file === '-' ? 'standard input' : file)

/** Why a file could not be read, in one line (the system's reason, which names the path only). */
const readFailure = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0]!

const check = async (kind: string, file: string | undefined, options: KindOptions, io: CliIo, lenient = false): Promise<Outcome> => {
  const problem = kindError(kind, lenient)
  if (problem !== undefined) return { tag: 'error', message: problem }
  const validator = KINDS[kind]!
  let text: string
  try {
    text = file === undefined || file === '-' ? await io.readStdin() : await io.readFile(file)
  } catch (e) {
    return { tag: 'error', message: `cannot read ${sourceName(file)}: ${readFailure(e)}` }
  }
  const parsed = parseJsonText(text)
  if (!parsed.ok) return { tag: 'error', message: `malformed JSON in ${sourceName(file)}: ${parsed.message}` }
  const json = parsed.value
  // --lenient: repairInput first (LENIENT_KINDS are repair kinds), its repairs reported beside the result
  const repaired = lenient ? repairInput(kind as RepairKind, json) : undefined
  const result = validator(repaired === undefined ? json : repaired.body, options)
  const repairs = repaired === undefined ? {} : { repairs: repaired.repairs }
  return isLeft(result) ? { tag: 'invalid', problem: result.left, ...repairs } : { tag: 'valid', value: result.right, ...repairs }
}

const repairsMember = (outcome: Repairs): Repairs => (outcome.repairs === undefined ? {} : { repairs: outcome.repairs })

/** The JSON of one file's outcome alone: exactly what validate printed before it took several files. */
const singleJson = (outcome: Exclude<Outcome, { tag: 'error' }>): unknown =>
  outcome.tag === 'valid' ? { valid: true, value: outcome.value, ...repairsMember(outcome) } : { ...outcome.problem, ...repairsMember(outcome) }

/** The element of one file in the JSON array of several. */
const elementJson = (file: string, outcome: Outcome): unknown => {
  switch (outcome.tag) {
    case 'valid':
      return { file, valid: true, value: outcome.value, ...repairsMember(outcome) }
    case 'invalid':
      return { file, valid: false, problem: outcome.problem, ...repairsMember(outcome) }
    case 'error':
      return { file, error: outcome.message }
  }
}

const validate = async (args: ReadonlyArray<string>, io: CliIo): Promise<number> => {
  if (wantsHelp(args)) {
    // the kind's usage when a kind is named, else validate's
    const named = parseValidateArgs(args.filter((a) => a !== '--help' && a !== '-h'))
    if ('error' in named) return printHelp(io, commandUsage('validate'))
    const usage = kindUsage(named.kind)
    return usage === undefined ? usageError(io, 'validate', kindError(named.kind, false)!) : printHelp(io, usage)
  }
  const parsed = parseValidateArgs(args)
  if ('error' in parsed) return usageError(io, 'validate', parsed.error)
  const problem = kindError(parsed.kind, parsed.lenient)
  if (problem !== undefined) return usageError(io, 'validate', problem)
  const format = parsed.format ?? (io.stdoutIsTTY ? 'pretty' : 'json')
  const sources = parsed.files.length === 0 ? ['-'] : parsed.files
  const results: Array<{ file: string; outcome: Outcome }> = []
  for (const file of sources) {
    const outcome = await check(parsed.kind, file, parsed.options, io, parsed.lenient)
    if (outcome.tag === 'error') errorLine(io, outcome.message)
    results.push({ file: sourceName(file), outcome })
  }
  const tags = results.map((r) => r.outcome.tag)
  const code = tags.includes('error') ? EXIT.usage : tags.includes('invalid') ? EXIT.invalid : EXIT.valid
  if (format === 'pretty') {
    for (const { file, outcome } of results) io.stdout(`${outcome.tag.padEnd(8)} ${file}\n${describeOutcome(outcome)}`)
  } else if (results.length > 1) {
    io.stdout(`${JSON.stringify(results.map((r) => elementJson(r.file, r.outcome)), null, 2)}\n`)
  } else {
    // one file: one JSON document on standard output, nothing when it could not be read; with
    // --lenient, the repairs as one more member (an RFC 9457 extension member of the
    // ProblemDetail); a drop's "after" is absent in JSON
    const { outcome } = results[0]!
    if (outcome.tag !== 'error') io.stdout(`${JSON.stringify(singleJson(outcome), null, 2)}\n`)
  }
  return code
}

const EXAMPLE_NAME = /^(valid|invalid)-.+\.json$/

const examples = async (args: ReadonlyArray<string>, io: CliIo): Promise<number> => {
  if (args.length > 1) return usageError(io, 'examples', 'examples takes at most one directory')
  if (args[0]?.startsWith('-') === true) return usageError(io, 'examples', `unknown option '${args[0]}'`)
  const dir = args[0] ?? 'examples'
  let kinds: ReadonlyArray<{ name: string; isDirectory: boolean }>
  try {
    kinds = await io.listDir(dir)
  } catch (e) {
    errorLine(io, `cannot read ${dir}: ${readFailure(e)}`)
    return EXIT.usage
  }
  let total = 0
  let surprises = 0
  for (const kind of [...kinds].filter((k) => k.isDirectory).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
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

/** One outcome readably: the normalized value, or the problem and a table of its violations; `expected` notes a surprise. */
const describeOutcome = (outcome: Outcome, expected?: 'valid' | 'invalid'): string => {
  const repairs =
    outcome.tag === 'error' || outcome.repairs === undefined || outcome.repairs.length === 0
      ? ''
      : `     repairs:\n${outcome.repairs.map((r) => `       ${r.field}  ${r.change}\n`).join('')}`
  switch (outcome.tag) {
    case 'valid': {
      const head = `     valid${expected === undefined || expected === 'valid' ? '' : ' (expected invalid)'}; normalized:`
      const items = Array.isArray(outcome.value) ? outcome.value : [outcome.value]
      return `${head}\n${items.map((v) => `       ${JSON.stringify(v)}\n`).join('')}${repairs}\n`
    }
    case 'error':
      return `     error: ${outcome.message}\n\n`
    case 'invalid': {
      const p = outcome.problem
      const head = `     ${p.status} ${p.reason}: ${p.detail}${expected === undefined || expected === 'invalid' ? '' : ' (expected valid)'}\n`
      const vs = p.violations ?? []
      const width = Math.max(0, ...vs.map((v) => v.field.length))
      return head + vs.map((v) => `       ${v.field.padEnd(width)}  [${v.code}] ${v.reason}\n`).join('') + repairs + '\n'
    }
  }
}
