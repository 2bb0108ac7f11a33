// The TaskEither form is fp-ts's own type, structurally: its tasks type-check as fp-ts TaskEithers
// and fp-ts's combinators run them, although the client imports nothing from fp-ts.
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { describe, expect, it } from 'vitest'
import { createShipperClient, taskEitherClient, type ShipperError } from '../../src/index.js'
import type { Shipment } from 'shipper-rules'
import { drive, fakeFetch, json, problem, shipment, VirtualTimers } from './clock.js'

describe('TaskEither form with fp-ts', () => {
  it('fp-ts combinators compose the client’s tasks, Left for a ShipperError, Right for a value', async () => {
    const timers = new VirtualTimers()
    const { fetch } = fakeFetch(timers, [json(200, shipment('INITIALIZED')), problem(404, 'order_not_found')])
    const te = taskEitherClient(createShipperClient({ baseUrl: 'http://api.test', token: 't', apiKey: 'k', fetch, timers }))
    const get: TE.TaskEither<ShipperError, Shipment> = te.shipments.get('AB12C')
    const status = await drive(timers, pipe(get, TE.map((s) => s.orderStatus))())
    expect(status).toEqual({ _tag: 'Right', right: 'INITIALIZED' })
    const missing = await drive(
      timers,
      pipe(
        te.shipments.get('ZZ99Z'),
        TE.mapLeft((e) => (e.kind === 'problem' ? e.reason : e.kind)),
      )(),
    )
    expect(missing).toEqual({ _tag: 'Left', left: 'order_not_found' })
  })
})
