// Orders: the company's orders with status and references, searched by order number or reference
// (the search is kept in the route: `#/orders?q=PO-88`).
import { useEffect, useState } from 'preact/hooks'
import { href } from '../route.js'
import { when } from '../records.js'
import type { Answer, PageProps } from '../types.js'
import { itemsOf, problemText, text } from '../view.js'

export function OrdersPage({ api, route }: PageProps) {
  const q = route.query.get('q') ?? ''
  const [draft, setDraft] = useState(q)
  const [answer, setAnswer] = useState<Answer | null>(null)
  useEffect(() => setDraft(q), [q])
  useEffect(() => {
    let live = true
    setAnswer(null)
    void api.get(`/sandbox/console/orders${q === '' ? '' : `?q=${encodeURIComponent(q)}`}`).then((a) => {
      if (live) setAnswer(a)
    })
    return () => {
      live = false
    }
  }, [api, q])
  const items = answer?.ok === true ? itemsOf(answer.json) : []
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Orders</h1>
      <form
        role="search"
        class="row"
        onSubmit={(e) => {
          e.preventDefault()
          window.location.hash = href(['orders'], { q: draft.trim() })
        }}
      >
        <div>
          <label for="order-search">Search orders</label>
          <input id="order-search" type="search" value={draft} placeholder="order number or reference" onInput={(e) => setDraft(e.currentTarget.value)} />
        </div>
        <div class="actions">
          <button type="submit">Search</button>
        </div>
      </form>
      {answer === null ? <p role="status">Loading…</p> : null}
      {answer !== null && !answer.ok ? <p role="alert" class="error">{problemText(answer)}</p> : null}
      {answer?.ok === true && items.length === 0 ? <p>{q === '' ? 'No order yet.' : 'No order matches.'}</p> : null}
      {items.length > 0 ? (
        <table class="stack" aria-label="Orders">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col">Reference</th>
              <th scope="col">Customer reference</th>
              <th scope="col">Description</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {items.map((o) => {
              const n = text(o['orderNumber'])
              return (
                <tr key={n}>
                  <td data-label="Order">
                    <a href={href(['orders', n])}>{n}</a>
                  </td>
                  <td data-label="Status">{text(o['status'])}</td>
                  <td data-label="Reference">{text(o['refNumber'])}</td>
                  <td data-label="Customer reference">{text(o['customerReference'])}</td>
                  <td data-label="Description">{text(o['description'])}</td>
                  <td data-label="Updated">{when(text(o['updatedAt']))}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
