// Runs shell commands at the same time, each line of their output prefixed by the command's label,
// and fails (exit 1) if any of them fails, after all have ended. A command may wait for others:
// `label<first,second=command` starts once the jobs labelled first and second have passed (and is
// not run, and counts as failed, if one of them failed). `npm test` runs the library's suite, the
// type-checks, the sandbox's build and then the suites of the sandbox, the client, the conformance
// kit and the testkit this way: side by side they keep both cores busy (a type-check or a build is
// one thread; each end-to-end suite spends much of its time waiting on HTTP, a server process or a
// database), and their limits scale with the machine's load (testkit's limitMs) (docs/testing.md).
//   node scripts/parallel.mjs 'label=command' 'label<other=command' …
import { spawn } from 'node:child_process'

const jobs = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf('=')
  const head = at <= 0 ? '' : arg.slice(0, at)
  const [label = '', after = ''] = head.split('<')
  if (!/^[\w.-]+$/.test(label) || !/^([\w.-]+(,[\w.-]+)*)?$/.test(after)) {
    console.error(`parallel.mjs: expected label=command or label<label,…=command, got '${arg}'`)
    process.exit(2)
  }
  return { label, after: after === '' ? [] : after.split(','), command: arg.slice(at + 1) }
})
const labels = new Set(jobs.map((j) => j.label))
for (const job of jobs) {
  const unknown = job.after.filter((l) => !labels.has(l) || l === job.label)
  if (unknown.length > 0 || labels.size !== jobs.length) {
    console.error(`parallel.mjs: ${unknown.length > 0 ? `'${job.label}' waits for ${unknown.join(', ')}, not another job` : 'two jobs share a label'}`)
    process.exit(2)
  }
}
// no job may wait for itself through others
const visiting = new Set()
const acyclic = new Set()
const visit = (label) => {
  if (acyclic.has(label)) return
  if (visiting.has(label)) {
    console.error(`parallel.mjs: the jobs wait for each other in a cycle through '${label}'`)
    process.exit(2)
  }
  visiting.add(label)
  for (const l of jobs.find((j) => j.label === label).after) visit(l)
  acyclic.add(label)
}
for (const job of jobs) visit(job.label)

/** Writes each complete line of a stream with the label in front; the rest when the stream ends. */
const prefixed = (stream, out, label) => {
  let pending = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) out.write(`[${label}] ${line}\n`)
  })
  stream.on('end', () => {
    if (pending !== '') out.write(`[${label}] ${pending}\n`)
  })
}

const children = []
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true
    for (const child of children) child.kill(signal)
  })
}
const started = Date.now()
const seconds = () => (Date.now() - started) / 1000

/** Each job's result, once it ended or was left out: a promise per label. */
const results = new Map()
const run = ({ label, command }) =>
  new Promise((resolve) => {
    const from = seconds()
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env['FORCE_COLOR'] ?? '0' } })
    children.push(child)
    prefixed(child.stdout, process.stdout, label)
    prefixed(child.stderr, process.stderr, label)
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, from, to: seconds() }))
  })
const settle = (job) => {
  if (!results.has(job.label)) {
    results.set(
      job.label,
      (async () => {
        const before = await Promise.all(job.after.map((l) => settle(jobs.find((j) => j.label === l))))
        const failed = job.after.filter((_, i) => before[i].code !== 0)
        if (failed.length > 0 || stopping) return { code: 1, skipped: failed.length > 0 ? `not run: ${failed.join(', ')} failed` : 'not run: stopped' }
        return run(job)
      })(),
    )
  }
  return results.get(job.label)
}
const ended = await Promise.all(jobs.map(settle))
jobs.forEach((job, i) => {
  const r = ended[i]
  const what = r.skipped ?? `${r.code === 0 ? 'passed' : `FAILED (exit ${r.code}${r.signal ? `, ${r.signal}` : ''})`} after ${(r.to - r.from).toFixed(0)} s (${r.from.toFixed(0)} s to ${r.to.toFixed(0)} s)`
  console.log(`[${job.label}] ${what}: ${job.command}`)
})
console.log(`parallel.mjs: ${seconds().toFixed(0)} s in all`)
process.exit(ended.every((r) => r.code === 0) ? 0 : 1)
