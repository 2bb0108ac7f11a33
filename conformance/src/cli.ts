// The command: npx shipper-rules-conformance --base-url URL --token T --api-key K [options].
// Exit 0 with no failure, 1 with failures, 2 on a usage error, 3 when nothing was checked (no rule
// passed or failed: every rule not reached or not checked).
import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { HEADER_KEY } from 'shipper-rules'
import { DeclarationError, DOCUMENT_PATH, readConfigFile } from './declared.js'
import { render, summaryOf, type ReportFormat, type RuleRow } from './report.js'
import { runConformance, type RunOptions } from './run.js'
import { sentenceOf } from './rules.js'

export const USAGE = `Usage: shipper-rules-conformance --base-url URL --token T --api-key K [options]

Checks a live server of the shipper API against the rules of shipper-rules and reports by rule ID.

  --base-url URL               the server (its /v1/shipper endpoints are below it)
  --token T, --api-key K       the main company's bearer token and ${HEADER_KEY.apiKey}
  --other-company-token T2     a second company's token and key: tenancy checks (never used
  --other-company-key K2         to change that company's data)
  --controls sandbox           drive the sandbox's control endpoints (carrier events, clock)
  --runs N                     fast-check runs per property (default 25)
  --seed S                     the run's seed (default random; printed, so a run replays)
  --only ID,...                only the checks exercising these rule IDs or check names
  --report md|json|junit       the report's format (default md)
  --out FILE                   write the report there instead of standard output
  --max-requests N             send at most N requests (default unlimited)
  --rate R                     at most R requests per second (default unlimited)
  --config FILE                the rules configuration to check against, for a server that
                                 declares none: a document with x-shipper-rules-config, or
                                 overrides of the library's defaults (as the sandbox's
                                 --rules-config); default the server's declaration (GET
                                 ${DOCUMENT_PATH}), else the library's defaults
  --help                       this text

Every order and quote the kit makes is marked: its description or customerReference starts with
CONFORMANCE-<run id>.
Exit status: 0 no failure, 1 failures, 2 usage error (a malformed declaration too), 3 nothing
checked (no failure, but no rule passed either: every rule not reached or not checked).
`

class UsageError extends Error {}

const positiveInt = (name: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined
  const n = Number(v)
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--${name} takes a whole number of at least 1, not ${JSON.stringify(v)}`)
  return n
}

/** Reads the command line into run options, the format and the output file; throws UsageError. */
export const parseCommandLine = (argv: ReadonlyArray<string>): { options: RunOptions; format: ReportFormat; out: string | undefined } | 'help' => {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        token: { type: 'string' },
        'api-key': { type: 'string' },
        'other-company-token': { type: 'string' },
        'other-company-key': { type: 'string' },
        controls: { type: 'string' },
        runs: { type: 'string' },
        seed: { type: 'string' },
        only: { type: 'string' },
        report: { type: 'string' },
        out: { type: 'string' },
        'max-requests': { type: 'string' },
        rate: { type: 'string' },
        config: { type: 'string' },
        help: { type: 'boolean' },
      },
    }))
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e))
  }
  if (values.help === true) return 'help'
  const baseUrl = values['base-url']
  const token = values.token
  const apiKey = values['api-key']
  if (baseUrl === undefined || token === undefined || apiKey === undefined) throw new UsageError('--base-url, --token and --api-key are required')
  try {
    const u = new URL(baseUrl)
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error()
  } catch {
    throw new UsageError(`--base-url must be an http or https URL, not ${JSON.stringify(baseUrl)}`)
  }
  const otherToken = values['other-company-token']
  const otherKey = values['other-company-key']
  if ((otherToken === undefined) !== (otherKey === undefined)) throw new UsageError('--other-company-token and --other-company-key go together')
  const controls = values.controls
  if (controls !== undefined && controls !== 'sandbox' && controls !== 'none') throw new UsageError(`--controls takes sandbox (or none), not ${JSON.stringify(controls)}`)
  const format = values.report ?? 'md'
  if (format !== 'md' && format !== 'json' && format !== 'junit') throw new UsageError(`--report takes md, json or junit, not ${JSON.stringify(format)}`)
  const seedText = values.seed
  let seed: number | undefined
  if (seedText !== undefined) {
    seed = Number(seedText)
    if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed takes an integer, not ${JSON.stringify(seedText)}`)
  }
  let rate: number | undefined
  if (values.rate !== undefined) {
    rate = Number(values.rate)
    if (!Number.isFinite(rate) || rate <= 0) throw new UsageError(`--rate takes a positive number of requests per second, not ${JSON.stringify(values.rate)}`)
  }
  const runs = positiveInt('runs', values.runs)
  const maxRequests = positiveInt('max-requests', values['max-requests'])
  const configFile = values.config
  let config
  if (configFile !== undefined) {
    const read = readConfigFile(configFile)
    if (read._tag === 'Left') throw new UsageError(new DeclarationError(`--config ${configFile}`, read.left).message)
    config = read.right
  }
  const only = values.only?.split(',').map((s) => s.trim()).filter((s) => s !== '')
  const options: RunOptions = {
    baseUrl,
    token,
    apiKey,
    ...(otherToken !== undefined && otherKey !== undefined ? { other: { token: otherToken, apiKey: otherKey } } : {}),
    controls: controls === 'sandbox' ? 'sandbox' : 'none',
    ...(runs === undefined ? {} : { runs }),
    ...(seed === undefined ? {} : { seed }),
    ...(only === undefined ? {} : { only }),
    ...(maxRequests === undefined ? {} : { maxRequests }),
    ...(rate === undefined ? {} : { rate }),
    ...(config === undefined || configFile === undefined ? {} : { config, configFile }),
  }
  return { options, format, out: values.out }
}

/** The closing line's counts: `80 rules passed, 3 failed, 5 not reached, 4 not checked`. */
const summaryLine = (rules: ReadonlyArray<RuleRow>): string => summaryOf(rules).replace(/^(\d+) passed/, '$1 rules passed')

/** Runs the command; resolves to its exit status. Progress and failures go to standard error, the report to standard output or --out. */
export const main = async (argv: ReadonlyArray<string>, io: { out: (s: string) => void; err: (s: string) => void } = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) }): Promise<number> => {
  let parsed
  try {
    parsed = parseCommandLine(argv)
  } catch (e) {
    if (!(e instanceof UsageError)) throw e
    io.err(`shipper-rules-conformance: ${e.message}\n\n${USAGE}`)
    return 2
  }
  if (parsed === 'help') {
    io.out(USAGE)
    return 0
  }
  let report
  try {
    report = await runConformance({ ...parsed.options, log: (line) => io.err(line + '\n') })
  } catch (e) {
    // a malformed served declaration: a usage error, with each violation
    if (!(e instanceof DeclarationError)) throw e
    io.err(`shipper-rules-conformance: ${e.message}\n`)
    return 2
  }
  for (const row of report.rules) {
    for (const f of row.failures) {
      io.err(`\nFAILED ${f.rule} (${f.check}): ${sentenceOf(f.rule)}\n  expected: ${f.expected}\n  actual:   ${f.actual}\n\n${f.curl}\n`)
    }
  }
  const text = render(report, parsed.format)
  if (parsed.out === undefined) io.out(text)
  else await writeFile(parsed.out, text)
  io.err(`\n${summaryLine(report.rules)}; ${report.failures} failure(s), ${report.requests} requests, ${(report.durationMs / 1000).toFixed(1)} s, seed ${report.seed}\n`)
  if (exitStatus(report.rules, report.failures) === 3) io.err('shipper-rules-conformance: no rule was checked (each one not reached or not checked, see the report for why): exit status 3, not a pass\n')
  return exitStatus(report.rules, report.failures)
}

/** The exit status of a finished run: 1 with failures; 3 when no rule passed (every one not reached or not checked), so a run that checked nothing never reads as a pass; else 0. */
export const exitStatus = (rules: ReadonlyArray<RuleRow>, failures: number): 0 | 1 | 3 =>
  failures > 0 || rules.some((r) => r.status === 'failed') ? 1 : rules.some((r) => r.status === 'passed') ? 0 : 3
