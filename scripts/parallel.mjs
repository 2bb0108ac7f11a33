// Runs shell commands at the same time, each line of their output prefixed by the command's label,
// and fails (exit 1) if any of them fails, after all have ended. `npm test` runs the suites of the
// sandbox, the client, the conformance kit and the testkit this way, once the sandbox is built (the
// client's and the kit's suites start its CLI): each spends most of its time waiting on HTTP, on a
// server process or on a database, so side by side they fill the two cores instead of leaving them
// idle; their limits scale with the machine's load (testkit's limitMs) (docs/testing.md).
//   node scripts/parallel.mjs 'label=command' 'label=command' …
import { spawn } from 'node:child_process'

const jobs = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf('=')
  if (at <= 0) {
    console.error(`parallel.mjs: expected label=command, got '${arg}'`)
    process.exit(2)
  }
  return { label: arg.slice(0, at), command: arg.slice(at + 1) }
})

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
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal)
  })
}
const started = Date.now()
const results = await Promise.all(
  jobs.map(
    ({ label, command }) =>
      new Promise((resolve) => {
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env['FORCE_COLOR'] ?? '0' } })
        children.push(child)
        prefixed(child.stdout, process.stdout, label)
        prefixed(child.stderr, process.stderr, label)
        child.on('close', (code, signal) => resolve({ label, command, code: code ?? 1, signal, seconds: (Date.now() - started) / 1000 }))
      }),
  ),
)
for (const r of results) console.log(`[${r.label}] ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code}${r.signal ? `, ${r.signal}` : ''})`} after ${r.seconds.toFixed(0)} s: ${r.command}`)
process.exit(results.every((r) => r.code === 0) ? 0 : 1)
