// The Map page (issue 34, item 6): the company's orders under way on an offline map of the United
// States and its territories. The outlines are console/src/generated/us-map.json, SVG paths made at
// build time from us-atlas (sandbox/scripts/build-console-data.mjs): no tile server, nothing fetched
// but the sandbox's own `GET /sandbox/console/map`. Markers for each order's pickup, delivery and
// current position, placed with the projection the outlines were drawn with (console/src/map/
// projection.ts). The page reads the map again every 5 seconds and whenever the request stream
// reports a request of the company, so markers move when an order moves.
//
// Accessible names (browser tests find elements by them):
// - heading level 1 "Map";
// - the outline: an image (svg role="img") named "Map of the United States and its territories";
// - the markers: a group "Orders on the map" holding images named "Order <n> pickup",
//   "Order <n> delivery" and "Order <n> position" (each a <g role="img"> with data-x and data-y,
//   the marker's place in the map's 960 x 620 viewBox, to see it move);
// - the list of the same orders for screen readers and keyboards: a table "Orders under way"
//   (columns Order, Status, Pickup, Delivery, Position; the order number links to its page);
// - a status line (role status) saying how many orders are shown, or why none.
import { useEffect, useRef, useState } from 'preact/hooks'
import usMap from '../generated/us-map.json'
import { pointText, readMapItems, type LatLon, type MapItem } from '../map/items.js'
import { project, regionOf, type FittedRegion } from '../map/projection.js'
import { href } from '../route.js'
import type { PageProps } from '../types.js'
import '../map/map.css'
import { ColumnHeads } from '../parts.js'

interface MapData {
  readonly view: { readonly width: number; readonly height: number }
  readonly regions: ReadonlyArray<FittedRegion>
  readonly states: ReadonlyArray<{ readonly fips: string; readonly name: string; readonly region: string; readonly d: string }>
}
const MAP = usMap as unknown as MapData
const POLL_MS = 5000
const MAP_NAME = 'Map of the United States and its territories'

/** A point's place on the map, rounded to tenths, or null outside every region. */
const placeOf = (p: LatLon | null): { readonly x: number; readonly y: number } | null => {
  if (p === null) return null
  const xy = project(MAP.regions, p.lon, p.lat)
  return xy === null ? null : { x: Math.round(xy[0] * 10) / 10, y: Math.round(xy[1] * 10) / 10 }
}

/** The outline: states, DC and territories, with a frame and a label for each inset. Drawn once. */
function Outline() {
  return (
    <svg class="map-base" viewBox={`0 0 ${MAP.view.width} ${MAP.view.height}`} role="img" aria-labelledby="map-outline-title">
      <title id="map-outline-title">{MAP_NAME}</title>
      {MAP.regions
        .filter((r) => r.id !== 'lower48')
        .map((r) => (
          <g key={r.id}>
            <rect class="map-inset" x={r.box[0]} y={r.box[1]} width={r.box[2]} height={r.box[3]} />
            <text class="map-inset-label" x={r.box[0] + 4} y={r.box[1] + 12}>
              {r.label}
            </text>
          </g>
        ))}
      {MAP.states.map((s) => (
        <path key={s.fips} class="map-state" d={s.d} />
      ))}
    </svg>
  )
}

/** One marker: a square for the pickup, a diamond for the delivery, a circle for the position. */
function Marker({ order, kind, at }: { readonly order: string; readonly kind: 'pickup' | 'delivery' | 'position'; readonly at: { readonly x: number; readonly y: number } }) {
  const name = `Order ${order} ${kind}`
  return (
    <g role="img" aria-label={name} class={`map-marker map-${kind}`} data-order={order} data-x={at.x} data-y={at.y}>
      <title>{name}</title>
      {kind === 'pickup' && <rect x={at.x - 4.5} y={at.y - 4.5} width={9} height={9} />}
      {kind === 'delivery' && <polygon points={`${at.x},${at.y - 6} ${at.x + 6},${at.y} ${at.x},${at.y + 6} ${at.x - 6},${at.y}`} />}
      {kind === 'position' && <circle cx={at.x} cy={at.y} r={7} />}
    </g>
  )
}

/** The markers of the orders, over the outline (same viewBox). */
function Markers({ items }: { readonly items: ReadonlyArray<MapItem> }) {
  return (
    <svg class="map-markers" viewBox={`0 0 ${MAP.view.width} ${MAP.view.height}`} role="group" aria-label="Orders on the map">
      {items.map((it) => {
        const pickup = placeOf(it.pickup.point)
        const delivery = placeOf(it.delivery.point)
        const position = placeOf(it.position)
        // the dashed line from pickup to delivery only when both are drawn in one region (not across insets)
        const a = it.pickup.point
        const b = it.delivery.point
        const sameRegion = a !== null && b !== null && regionOf(MAP.regions, a.lon, a.lat)?.id === regionOf(MAP.regions, b.lon, b.lat)?.id
        return (
          <g key={it.orderNumber}>
            {sameRegion && pickup !== null && delivery !== null && <line class="map-route" aria-hidden="true" x1={pickup.x} y1={pickup.y} x2={delivery.x} y2={delivery.y} />}
            {pickup !== null && <Marker order={it.orderNumber} kind="pickup" at={pickup} />}
            {delivery !== null && <Marker order={it.orderNumber} kind="delivery" at={delivery} />}
            {position !== null && <Marker order={it.orderNumber} kind="position" at={position} />}
          </g>
        )
      })}
    </svg>
  )
}

/** The map of the signed-in company's orders under way. */
export function MapPage({ api }: PageProps) {
  const [items, setItems] = useState<ReadonlyArray<MapItem> | null>(null)
  const [problem, setProblem] = useState('')
  const busy = useRef(false)
  const again = useRef(false)

  useEffect(() => {
    let live = true
    const load = async (): Promise<void> => {
      if (busy.current) {
        again.current = true
        return
      }
      busy.current = true
      try {
        const answer = await api.get('/sandbox/console/map')
        if (!live) return
        if (answer.ok) {
          setItems(readMapItems(answer.json))
          setProblem('')
        } else setProblem(answer.status === 0 ? answer.text : `The sandbox answered ${answer.status}.`)
      } finally {
        busy.current = false
        if (again.current && live) {
          again.current = false
          void load()
        }
      }
    }
    void load()
    const timer = setInterval(() => void load(), POLL_MS)
    const stop = new AbortController()
    void api.stream('/sandbox/console/requests/stream', (event) => {
      if (event === 'request') void load()
    }, stop.signal)
    return () => {
      live = false
      clearInterval(timer)
      stop.abort()
    }
  }, [api])

  const off = (items ?? []).filter((it) => placeOf(it.pickup.point) === null && placeOf(it.delivery.point) === null && placeOf(it.position) === null)
  const status =
    problem !== ''
      ? `The map could not be read: ${problem}`
      : items === null
        ? 'Reading the orders under way…'
        : items.length === 0
          ? 'No order is under way.'
          : `${items.length} ${items.length === 1 ? 'order' : 'orders'} under way${off.length > 0 ? `, ${off.length} outside the map` : ''}.`

  return (
    <section aria-labelledby="page-title" class="map-page">
      <h1 id="page-title">Map</h1>
      <p role="status">{status}</p>
      <figure class="map">
        <div class="map-canvas">
          <Outline />
          <Markers items={items ?? []} />
        </div>
        <figcaption class="map-legend">
          <span class="map-key map-key-pickup" aria-hidden="true" /> pickup <span class="map-key map-key-delivery" aria-hidden="true" /> delivery{' '}
          <span class="map-key map-key-position" aria-hidden="true" /> current position. Alaska, Hawaii and the territories are drawn in boxes
          below, each at its own scale.
        </figcaption>
      </figure>
      <table class="stack">
        <caption>Orders under way</caption>
        <ColumnHeads names={['Order', 'Status', 'Pickup', 'Delivery', 'Position']} />
        <tbody>
          {(items ?? []).map((it) => (
            <tr key={it.orderNumber}>
              <td data-label="Order">
                <a href={href(['orders', it.orderNumber])}>{it.orderNumber}</a>
              </td>
              <td data-label="Status">{it.status}</td>
              <td data-label="Pickup">
                {it.pickup.label} ({pointText(it.pickup.point)})
              </td>
              <td data-label="Delivery">
                {it.delivery.label} ({pointText(it.delivery.point)})
              </td>
              <td data-label="Position">{pointText(it.position)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
