// Sign-in (a company: API key and token; the operator: the operator token) and the operator's view
// (companies with their keys' ids and creation times, never a key). The credentials are checked
// against the sandbox before they are kept, and kept in this tab's sessionStorage only (api.ts).
import { useEffect, useState } from 'preact/hooks'
import { makeApi } from '../api.js'
import { problemText } from '../view.js'
import type { Answer, PageProps, Session } from '../types.js'
import { AnswerState } from '../parts.js'

type SignInProps = PageProps & { readonly onSession: (session: Session | null) => void }

/** Checks a session against the sandbox: null when it is accepted, else what to tell the user. */
const check = async (session: Session): Promise<string | null> => {
  const api = makeApi(session)
  const answer: Answer = session.kind === 'company' ? await api.get('/sandbox/console/requests?limit=1') : await api.get('/sandbox/console/companies')
  if (answer.ok) return null
  return `The sandbox refused these credentials: ${problemText(answer)}`
}

export function SignInPage({ onSession }: SignInProps) {
  const [apiKey, setApiKey] = useState('')
  const [token, setToken] = useState('')
  const [operatorToken, setOperatorToken] = useState('')
  const [companyError, setCompanyError] = useState<string | null>(null)
  const [operatorError, setOperatorError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const signIn = async (session: Session, setError: (e: string | null) => void): Promise<void> => {
    setBusy(true)
    setError(null)
    const problem = await check(session)
    setBusy(false)
    if (problem === null) onSession(session)
    else setError(problem)
  }
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Sign in</h1>
      <p>The credentials stay in this tab (session storage) and are sent only to this sandbox.</p>
      <div class="cards">
        <form
          class="card"
          aria-labelledby="company-title"
          onSubmit={(e) => {
            e.preventDefault()
            void signIn({ kind: 'company', apiKey: apiKey.trim(), token: token.trim() }, setCompanyError)
          }}
        >
          <h2 id="company-title">A company</h2>
          <label for="api-key">API key</label>
          <input id="api-key" name="apiKey" autoComplete="off" spellcheck={false} required value={apiKey} onInput={(e) => setApiKey(e.currentTarget.value)} />
          <label for="token">Token</label>
          <input id="token" name="token" type="password" autoComplete="off" required value={token} onInput={(e) => setToken(e.currentTarget.value)} />
          <button type="submit" disabled={busy}>Sign in</button>
          {companyError !== null ? <p role="alert" class="error">{companyError}</p> : null}
        </form>
        <form
          class="card"
          aria-labelledby="operator-title"
          onSubmit={(e) => {
            e.preventDefault()
            void signIn({ kind: 'operator', token: operatorToken.trim() }, setOperatorError)
          }}
        >
          <h2 id="operator-title">The operator</h2>
          <label for="operator-token">Operator token</label>
          <input id="operator-token" name="operatorToken" type="password" autoComplete="off" required value={operatorToken} onInput={(e) => setOperatorToken(e.currentTarget.value)} />
          <button type="submit" disabled={busy}>Sign in</button>
          {operatorError !== null ? <p role="alert" class="error">{operatorError}</p> : null}
        </form>
      </div>
    </section>
  )
}

type Company = { readonly companyId: string; readonly name: string; readonly createdAt: string; readonly keys: ReadonlyArray<{ readonly keyId: string; readonly createdAt: string }> }

const readCompanies = (json: unknown): ReadonlyArray<Company> => {
  const items = (json as { items?: unknown } | undefined)?.items
  if (!Array.isArray(items)) return []
  return items.flatMap((item: unknown): Company[] => {
    if (typeof item !== 'object' || item === null) return []
    const c = item as Record<string, unknown>
    const keys = Array.isArray(c['keys']) ? c['keys'] : []
    return [
      {
        companyId: String(c['companyId'] ?? ''),
        name: String(c['name'] ?? ''),
        createdAt: String(c['createdAt'] ?? ''),
        keys: keys.flatMap((k: unknown) => (typeof k === 'object' && k !== null ? [{ keyId: String((k as Record<string, unknown>)['keyId'] ?? ''), createdAt: String((k as Record<string, unknown>)['createdAt'] ?? '') }] : [])),
      },
    ]
  })
}

/** The operator's view: every company and its keys' ids and creation times (the server never sends a key). */
export function OperatorPage({ api }: PageProps) {
  const [answer, setAnswer] = useState<Answer | null>(null)
  useEffect(() => {
    let live = true
    void api.get('/sandbox/console/companies').then((a) => {
      if (live) setAnswer(a)
    })
    return () => {
      live = false
    }
  }, [api])
  const companies = answer?.ok === true ? readCompanies(answer.json) : []
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Companies</h1>
      <AnswerState answer={answer} isEmpty={companies.length === 0} empty="No company yet." />
      <ul class="plain">
        {companies.map((company) => (
          <li key={company.companyId} class="card">
            <h2>{company.name === '' ? company.companyId : company.name}</h2>
            <dl class="pairs">
              <dt>Company id</dt>
              <dd><code>{company.companyId}</code></dd>
              <dt>Created</dt>
              <dd>{company.createdAt}</dd>
            </dl>
            <table class="stack" aria-label={`Keys of ${company.name === '' ? company.companyId : company.name}`}>
              <thead>
                <tr>
                  <th scope="col">Key id</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {company.keys.map((key) => (
                  <tr key={key.keyId}>
                    <td data-label="Key id"><code>{key.keyId}</code></td>
                    <td data-label="Created">{key.createdAt}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
        ))}
      </ul>
    </section>
  )
}
