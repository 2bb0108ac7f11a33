// Orders: the company's orders with status and references, searched by order number or reference
// (the search is kept in the route: `#/orders?q=PO-88`).
import { useEffect, useState } from 'preact/hooks'
import { href } from '../route.js'
import { when } from '../records.js'
import type { Answer, PageProps } from '../types.js'
import { itemsOf, text } from '../view.js'
import { AnswerState, ColumnHeads } from '../parts.js'

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
      <AnswerState answer={answer} isEmpty={items.length === 0} empty={q === '' ? 'No order yet.' : 'No order matches.'} />
      {items.length > 0 ? (
        <table class="stack" aria-label="Orders">
          <ColumnHeads names={['Order', 'Status', 'Reference', 'Customer reference', 'Description', 'Updated']} />
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
