#!/usr/bin/env node
// Summarises a V8 .cpuprofile of the sandbox (LOAD_NODE_FLAGS='--cpu-prof --cpu-prof-dir=DIR'
// npm run load): where the server process's time goes, by package (PGlite, pg, fastify, the
// library, luxon, the sandbox's own code, node internals, garbage collection, idle), the functions
// with the most self time, and the inclusive time of the functions named with --focus.
//
//   node bench/profile-summary.mjs DIR/CPU….cpuprofile [--top 25] [--focus sandboxNow,createShipment,query]
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' }, focus: { type: 'string', default: '' } } })
if (positionals.length !== 1) throw new Error('usage: profile-summary.mjs FILE.cpuprofile [--top N] [--focus name,name]')
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'))
const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

// time per sample: timeDeltas[i] is the time before sample i; attribute each delta to the sample it precedes
const selfUs = new Map()
const samples = profile.samples
const deltas = profile.timeDeltas
let total = 0
for (let i = 0; i < samples.length; i++) {
  const dt = Math.max(deltas[i] ?? 0, 0)
  selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + dt)
  total += dt
}

const packageOf = (frame) => {
  const url = frame.url ?? ''
  const name = frame.functionName
  if (name === '(garbage collector)') return 'garbage collection'
  if (name === '(idle)') return 'idle'
  if (name === '(program)') return '(program: native, not attributed)'
  if (url === '' ) return name.startsWith('(') ? name : 'native / builtins'
  if (url.startsWith('node:')) return 'node internals'
  if (url.includes('wasm://') || url.includes('pglite')) return '@electric-sql/pglite'
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (m !== null && m[1] !== 'shipper-rules') return m[1]
  if (/\/sandbox\/dist\//.test(url)) return 'sandbox (dist)'
  if (/\/dist\//.test(url) || m?.[1] === 'shipper-rules') return 'shipper-rules (the library)'
  return url
}
const keyOf = (frame) => `${frame.functionName || '(anonymous)'} ${(frame.url ?? '').replace(/^.*\/(node_modules|sandbox|dist)\//, '$1/')}:${frame.lineNumber + 1}`

const byPackage = new Map()
const byFunction = new Map()
for (const [id, us] of selfUs) {
  const f = nodes.get(id).callFrame
  byPackage.set(packageOf(f), (byPackage.get(packageOf(f)) ?? 0) + us)
  byFunction.set(keyOf(f), (byFunction.get(keyOf(f)) ?? 0) + us)
}
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`
const ms = (us) => `${(us / 1000).toFixed(0).padStart(7)} ms`
const out = [`${positionals[0]}: ${(total / 1e6).toFixed(1)} s sampled`, '', 'self time by package:']
for (const [k, us] of [...byPackage].sort((a, b) => b[1] - a[1])) out.push(`  ${pct(us)} ${ms(us)}  ${k}`)
out.push('', `self time, top ${values.top} functions:`)
for (const [k, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) out.push(`  ${pct(us)} ${ms(us)}  ${k}`)

// inclusive time of named functions (each sample counted once per function, whatever the recursion)
const focus = values.focus.split(',').filter((s) => s !== '')
if (focus.length > 0) {
  const inclusive = new Map(focus.map((f) => [f, 0]))
  for (const [id, us] of selfUs) {
    const seen = new Set()
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const name = nodes.get(n).callFrame.functionName
      if (inclusive.has(name) && !seen.has(name)) {
        seen.add(name)
        inclusive.set(name, inclusive.get(name) + us)
      }
    }
  }
  out.push('', 'inclusive time of (synchronous work under) the focus functions:')
  for (const [k, us] of inclusive) out.push(`  ${pct(us)} ${ms(us)}  ${k}`)
}
process.stdout.write(`${out.join('\n')}\n`)
