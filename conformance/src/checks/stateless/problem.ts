// ProblemDetail shape (ERR-01…03) on every error answer the kit saw in the run, whichever check
// caused it: the strict ProblemDetailCodec decodes it, the status in the body is the HTTP status,
// and the reason is catalogued with that status (statusForReason). A 5xx is a failure of its own:
// no request the kit sends is due a server error. Runs last (src/run.ts) over the transcript.
import { ProblemDetailCodec, statusForReason } from 'shipper-rules'
import type { Check, CheckResult, Failure, KitContext } from '../../check.js'
import type { Exchange } from '../../http.js'

/** What is wrong with one error answer, or null. */
export const problemShapeFailure = (e: Exchange, check: string): Failure | null => {
  const r = e.received
  if (r === undefined || r.status < 400 || !e.request.path.startsWith('/v1/shipper')) return null
  const fail = (rule: string, expected: string, actual: string): Failure => ({ rule, check, expected: `${e.request.method} ${e.request.path}: ${expected}`, actual, requests: [e.request] })
  const body = r.text.length > 300 ? r.text.slice(0, 300) + '…' : r.text
  if (r.status >= 500) return fail('ERR-01', 'no server error (the spec states an answer for every request the kit sends)', `${r.status} ${body}`)
  const decoded = ProblemDetailCodec.decode(r.json)
  if (decoded._tag === 'Left') return fail('ERR-01', 'a ProblemDetail body (type, title, status, detail, reason; violations of field, entity, reason)', `${r.status} ${body}`)
  const p = decoded.right
  if (p.status !== r.status) return fail('ERR-01', `the body's status equal to the HTTP status ${r.status}`, `status ${p.status} in the body`)
  const catalogued = statusForReason(p.reason)
  if (catalogued === undefined) return fail('ERR-02', 'a reason the spec names', `reason "${p.reason}" with ${r.status}`)
  if (catalogued !== r.status) return fail(r.status === 422 || catalogued === 422 ? 'ERR-03' : 'ERR-02', `reason "${p.reason}" with status ${catalogued}`, `${r.status}`)
  return null
}

/** Checks every error answer of the transcript so far (one failure per distinct rule and endpoint, to keep the report short). */
export const problemDetails: Check = {
  name: 'problem-detail',
  rules: ['ERR-01', 'ERR-02', 'ERR-03'],
  async run(ctx: KitContext): Promise<CheckResult> {
    const failures: Failure[] = []
    const seen = new Set<string>()
    let errors = 0
    // ERR-03 is about the 422 reasons: it is checked only by an answer that is 422 or names a reason catalogued 422
    let answers422 = 0
    for (const e of ctx.http.transcript.entries) {
      // a 429 is the server limiting the kit, not the answer its request was due: its shape is
      // judged, but answers of 429 alone do not make the ERR rules checked
      if ((e.received?.status ?? 0) >= 400 && e.received?.status !== 429) errors += 1
      const reason = (e.received?.json as Record<string, unknown> | undefined)?.['reason']
      if (e.received?.status === 422 || (typeof reason === 'string' && statusForReason(reason) === 422)) answers422 += 1
      const f = problemShapeFailure(e, this.name)
      if (f === null) continue
      const key = `${f.rule} ${e.request.method} ${e.request.path.replace(/[?].*$/, '')}`
      if (seen.has(key)) continue
      seen.add(key)
      failures.push(f)
    }
    const unchecked = (rule: string): string | undefined =>
      errors === 0 ? 'the run saw no error answer (other than 429s)' : rule === 'ERR-03' && answers422 === 0 && !failures.some((f) => f.rule === rule) ? 'the run saw no 422 answer and no reason catalogued 422' : undefined
    return {
      check: this.name,
      rules: this.rules.filter((rule) => unchecked(rule) === undefined),
      failures,
      notChecked: this.rules.flatMap((rule) => {
        const why = unchecked(rule)
        return why === undefined ? [] : [{ rule, why }]
      }),
      requests: 0,
    }
  },
}
