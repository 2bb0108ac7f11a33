// Tracking costs: loading the ZIP table of shipper-rules/geo, its lookups, and the live position
// estimate with and without pings (what a tracking call with include=location computes).
import { DateTime } from 'luxon'
import { compareAll } from './timing.mjs'

const t0 = process.hrtime.bigint()
const { nearestZip, timeZoneForZip, zipCentroid } = await import('../dist/esm/geo/index.js')
const loadMs = Number(process.hrtime.bigint() - t0) / 1e6
const { buildTracking, estimateLocation } = await import('../dist/esm/index.js')

const at = (s) => DateTime.fromISO(s, { zone: 'utc' })
const origin = zipCentroid('60601')
const destination = zipCentroid('75201')
const base = { origin, destination, pickedUpAt: at('2026-11-23T14:00:00Z'), eta: at('2026-11-24T14:00:00Z'), now: at('2026-11-23T20:00:00Z') }
const pings = [
  { vehicleId: 'TRK-7', timestamp: '2026-11-23T19:20:00Z', latitude: 40.21, longitude: -89.06, heading: 215, speed: 92 },
  { vehicleId: 'TRK-7', timestamp: '2026-11-23T19:50:00Z', latitude: 39.8, longitude: -89.65, heading: 220, speed: 95 },
]
const facts = { id: 'ord_1', orderNumber: 'K7Q2M', status: 'IN_TRANSIT', actualPickupDate: base.pickedUpAt, predictedDelivery: base.eta, origin, destination, deliveryZone: timeZoneForZip('75201'), pings }

console.log(`node ${process.version}; shipper-rules/geo first import (decode ${'41,906'} ZIP codes, build the grid): ${loadMs.toFixed(1)} ms`)
console.log('ns per call, median of 5 interleaved rounds (lower is better)\n')
const calls = [
  ['zipCentroid(60432)', () => zipCentroid('60432')],
  ['timeZoneForZip(96813)', () => timeZoneForZip('96813')],
  ['nearestZip near Joliet, IL', () => nearestZip({ latitude: 41.53, longitude: -88.07 })],
  ['nearestZip in the Gulf of Mexico', () => nearestZip({ latitude: 25.5, longitude: -90.5 })],
  ['nearestZip mid-Atlantic (whole-table scan)', () => nearestZip({ latitude: 35, longitude: -40 })],
  ['estimateLocation, no ping', () => estimateLocation(base)],
  ['estimateLocation, 2 pings', () => estimateLocation({ ...base, pings })],
  ['buildTracking with location and sentence', () => buildTracking(facts, { include: { location: true }, now: base.now, placeOf: nearestZip })],
]
const times = compareAll(calls.map(([, f]) => f), { budgetMs: 100 })
calls.forEach(([name], i) => console.log(`${name.padEnd(46)} ${times[i].toFixed(0).padStart(9)}`))
