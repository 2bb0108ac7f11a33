// The coverage checks (issue 27): the rules no stateless or stateful check exercised, each judged
// by the library (quote matchability and tender pricing, the confirm-time checks, the merge with a
// place default, upload type and size, the tracking estimate and the invoice).
import type { Check } from '../../check.js'
import { calendarEta } from './calendar.js'
import { confirmTime } from './confirm.js'
import { deliveredOrder } from './delivered.js'
import { documentLinks, documentsReadBack } from './documents.js'
import { placeMerge } from './merge.js'
import { placeConfirm } from './placeConfirm.js'
import { quoteMatchable, tenderWithoutQuote } from './quotes.js'
import { sameDayLanes } from './sameDay.js'
import { liveTracking } from './tracking.js'
import { trackingPosition } from './trackingPosition.js'
import { uploads } from './uploads.js'

export { calendarEta, confirmTime, deliveredOrder, documentLinks, documentsReadBack, liveTracking, placeConfirm, placeMerge, quoteMatchable, sameDayLanes, tenderWithoutQuote, trackingPosition, uploads }

/** Every coverage check, in the order a run takes them (the clock-moving checks last: the calendar moves the clock to the close time, the live tracking and the position check into their trips, the quote check ages every quote of the company). */
export const COVERAGE_CHECKS: ReadonlyArray<Check> = [tenderWithoutQuote, confirmTime, placeMerge, placeConfirm, uploads, documentsReadBack, documentLinks, deliveredOrder, sameDayLanes, calendarEta, liveTracking, trackingPosition, quoteMatchable]
