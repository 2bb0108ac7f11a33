// The console's shell (issue 34): a hash router, the navigation, and the sign-in state (this tab's
// sessionStorage only). Every page is one component taking PageProps (types.ts). Preact renders
// every string as a text node; nothing here or in a page sets HTML from a string.
import { render, type JSX } from 'preact'
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks'
import { loadSession, makeApi, saveSession } from './api.js'
import { parseRoute } from './route.js'
import type { PageName, PageProps, Route, Session } from './types.js'
import { SignInPage, OperatorPage } from './pages/signIn.js'
import { RulesPage } from './pages/rules.js'
import { MapPage } from './pages/map.js'
import { RequestLogPage } from './pages/requestLog.js'
import { RequestDetailPage } from './pages/requestDetail.js'
import { ErrorsPage } from './pages/errors.js'
import { OrdersPage } from './pages/orders.js'
import { OrderPage } from './pages/order.js'
import { ClockPage } from './pages/clock.js'
import { ExplorerPage } from './pages/explorer.js'
import './console.css'

/** The navigation, in the contract's names and order. */
const NAV: ReadonlyArray<{ readonly label: string; readonly to: string; readonly pages: ReadonlyArray<PageName> }> = [
  { label: 'Request log', to: '#/log', pages: ['log', 'logEntry'] },
  { label: 'Errors', to: '#/errors', pages: ['errors'] },
  { label: 'Orders', to: '#/orders', pages: ['orders', 'order'] },
  { label: 'Clock', to: '#/clock', pages: ['clock'] },
  { label: 'Map', to: '#/map', pages: ['map'] },
  { label: 'Rules', to: '#/rules', pages: ['rules', 'rule'] },
  { label: 'Explorer', to: '#/explorer', pages: ['explorer'] },
]

/** The pages that need a company signed in (Rules reads only the library; sign-in and operator have their own). */
const COMPANY_PAGES: ReadonlySet<PageName> = new Set(['log', 'logEntry', 'errors', 'orders', 'order', 'clock', 'map', 'explorer'])

const TITLES: { readonly [P in PageName]: string } = {
  signIn: 'Sign in',
  operator: 'Operator',
  log: 'Request log',
  logEntry: 'Request',
  errors: 'Errors',
  orders: 'Orders',
  order: 'Order',
  clock: 'Clock',
  map: 'Map',
  rules: 'Rules',
  rule: 'Rule',
  explorer: 'Explorer',
}

const startRoute = (session: Session | null): Route => {
  const page: PageName = session === null ? 'signIn' : session.kind === 'operator' ? 'operator' : 'log'
  return { page, param: null, query: new URLSearchParams(), hash: '' }
}

const currentHash = (): string => window.location.hash

function Page({ route, session, onSession }: { route: Route; session: Session | null; onSession: (s: Session | null) => void }) {
  const api = useMemo(() => makeApi(session), [session])
  if (route.page === 'signIn') return <SignInPage api={api} route={route} onSession={onSession} />
  if (route.page === 'operator') {
    if (session?.kind !== 'operator') return <NeedsSignIn who="the operator" />
    return <OperatorPage api={api} route={route} />
  }
  if (route.page === 'rules' || route.page === 'rule') return <RulesPage api={api} route={route} />
  if (COMPANY_PAGES.has(route.page) && session?.kind !== 'company') return <NeedsSignIn who="a company" />
  const Component = PAGES[route.page]
  if (Component === undefined) return <NeedsSignIn who="a company" />
  return <Component api={api} route={route} />
}

/** The company pages, by route. */
const PAGES: { readonly [P in PageName]?: (props: PageProps) => JSX.Element | null } = {
  log: RequestLogPage,
  logEntry: RequestDetailPage,
  errors: ErrorsPage,
  orders: OrdersPage,
  order: OrderPage,
  clock: ClockPage,
  map: MapPage,
  explorer: ExplorerPage,
}

function NeedsSignIn({ who }: { who: string }) {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Sign in first</h1>
      <p>
        This page needs {who} signed in. <a href="#/sign-in">Go to sign-in</a>.
      </p>
    </section>
  )
}

function App() {
  const [session, setSession] = useState<Session | null>(() => loadSession())
  const [hash, setHash] = useState<string>(currentHash)
  const main = useRef<HTMLElement>(null)
  const first = useRef(true)
  useEffect(() => {
    const onHash = (): void => setHash(currentHash())
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])
  const route = parseRoute(hash) ?? startRoute(session)
  useEffect(() => {
    document.title = `${TITLES[route.page]} · shipper-rules sandbox console`
    // After a navigation, the keyboard continues in the page, not at the top of the nav.
    if (first.current) first.current = false
    else main.current?.focus()
  }, [route.page, route.param])
  const onSession = useCallback((next: Session | null) => {
    saveSession(next)
    setSession(next)
    window.location.hash = next === null ? '#/sign-in' : next.kind === 'operator' ? '#/operator' : '#/log'
  }, [])
  return (
    <>
      <a class="skip" href="#main" onClick={(e) => { e.preventDefault(); main.current?.focus() }}>
        Skip to content
      </a>
      <header class="top">
        <p class="brand">shipper-rules sandbox console</p>
        <nav aria-label="Console">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <a href={item.to} aria-current={item.pages.includes(route.page) ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
            {session?.kind === 'operator' ? (
              <li>
                <a href="#/operator" aria-current={route.page === 'operator' ? 'page' : undefined}>Operator</a>
              </li>
            ) : null}
          </ul>
        </nav>
        <div class="who">
          {session === null ? (
            <a href="#/sign-in">Sign in</a>
          ) : (
            <>
              <span>{session.kind === 'operator' ? 'Signed in as the operator' : 'Signed in as a company'}</span>
              <button type="button" onClick={() => onSession(null)}>Sign out</button>
            </>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} ref={main}>
        <Page route={route} session={session} onSession={onSession} />
      </main>
    </>
  )
}

const root = document.getElementById('app')
if (root !== null) render(<App />, root)
