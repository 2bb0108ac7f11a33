// The rules site's entry (issue 34, item 7): the console's Rules page without a sandbox, for hosting
// beside the API reference (`npm run docs` at the root writes it to docs/api/rules/ with
// sandbox/scripts/build-rules-site.mjs). The same component and data as the console's `#/rules`;
// the hash routes are the console's (`#/rules`, `#/rules/<RULE-ID>`).
import { render } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { RulesPage } from '../pages/rules.js'
import { parseRoute } from '../route.js'
import type { Route } from '../types.js'
import '../console.css'

/**
 * The API reference page of each export, relative to this page (`../functions/index.parseQuoteId.html`):
 * written in by sandbox/scripts/build-rules-site.mjs from the typedoc output beside it; none when built alone.
 */
declare const __RULES_API_LINKS__: Readonly<Record<string, string>> | undefined
const API_LINKS: Readonly<Record<string, string>> = typeof __RULES_API_LINKS__ === 'undefined' ? {} : __RULES_API_LINKS__
const apiHref = (name: string): string | null => (Object.hasOwn(API_LINKS, name) ? API_LINKS[name]! : null)

const INDEX: Route = { page: 'rules', param: null, query: new URLSearchParams(), hash: '#/rules' }

/** The route of the hash: a rule or the index (anything else shows the index). */
const routeOf = (hash: string): Route => {
  const r = parseRoute(hash)
  return r !== null && (r.page === 'rules' || r.page === 'rule') ? r : INDEX
}

function Site() {
  const [route, setRoute] = useState(() => routeOf(location.hash))
  useEffect(() => {
    const onHash = (): void => {
      setRoute(routeOf(location.hash))
      document.getElementById('main')?.focus()
    }
    addEventListener('hashchange', onHash)
    return () => removeEventListener('hashchange', onHash)
  }, [])
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <strong>shipper-rules</strong>
        <nav aria-label="Site">
          <a href="../index.html">API reference</a> <a href="#/rules">Rules</a>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <RulesPage route={route} apiHref={apiHref} />
      </main>
    </>
  )
}

const root = document.getElementById('app')
if (root !== null) render(<Site />, root)
