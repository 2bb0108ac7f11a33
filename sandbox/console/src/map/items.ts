// The orders the Map page shows, read from `GET /sandbox/console/map` (console contract):
// { items: [{ orderNumber, status, pickup: { lat, lon, label }, delivery: { lat, lon, label },
// position: { lat, lon } | null }] }. Read tolerantly: an entry without an order number is left
// out, a point that is not a pair of finite coordinates in range is null. Pure.

/** A point on the earth, degrees. */
export interface LatLon {
  readonly lat: number
  readonly lon: number
}

/** A stop: its point (null when the answer had none usable) and its label. */
export interface MapStop {
  readonly point: LatLon | null
  readonly label: string
}

/** An order under way as the map shows it. */
export interface MapItem {
  readonly orderNumber: string
  readonly status: string
  readonly pickup: MapStop
  readonly delivery: MapStop
  readonly position: LatLon | null
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A { lat, lon } of finite numbers within -90…90 and -180…180, or null. */
export const readPoint = (v: unknown): LatLon | null => {
  if (!isRecord(v)) return null
  const lat = v['lat']
  const lon = v['lon']
  if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon)) return null
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return null
  return { lat, lon }
}

const readStop = (v: unknown): MapStop => ({
  point: readPoint(v),
  label: isRecord(v) && typeof v['label'] === 'string' ? v['label'] : '',
})

/** The items of the map answer, in its order; entries without a string order number left out. */
export const readMapItems = (json: unknown): MapItem[] => {
  const items = isRecord(json) ? json['items'] : undefined
  if (!Array.isArray(items)) return []
  const out: MapItem[] = []
  for (const it of items) {
    if (!isRecord(it) || typeof it['orderNumber'] !== 'string' || it['orderNumber'] === '') continue
    out.push({
      orderNumber: it['orderNumber'],
      status: typeof it['status'] === 'string' ? it['status'] : '',
      pickup: readStop(it['pickup']),
      delivery: readStop(it['delivery']),
      position: readPoint(it['position']),
    })
  }
  return out
}

/** A point as text for the list: "41.8860, -87.6180" (four decimals), or "not known". */
export const pointText = (p: LatLon | null): string => (p === null ? 'not known' : `${p.lat.toFixed(4)}, ${p.lon.toFixed(4)}`)
