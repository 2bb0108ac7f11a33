// DOC-02 and DOC-03: an appointment document of a type the spec does not take (text/plain) is 415
// unsupported_media_type; a file one byte over the declared upload limit (ctx.config.uploadMaxBytes,
// 10,485,760 bytes by default) is 413 file_too_large, and a PDF of exactly the limit is answered as
// the library's checkAppointmentUpload says under that configuration (accepted: the limit is
// inclusive). The PDF at the limit is a real one-page PDF padded with a comment, so
// a server that reads the PDF it is given (the sandbox does) accepts it too. Three uploads in all.
import { checkAppointmentUpload, type RulesConfig } from 'shipper-rules'
import type { Check, RuleId } from '../../check.js'
import type { Received } from '../../http.js'
import { createBody, describe, expectAnswer, LANES, makeShipment, multipartFile, onePagePdfText, post, RuleBroken } from '../support.js'
import { scenario } from './support.js'

const NAME = 'coverage: appointment upload type and size'
const RULES = ['DOC-02', 'DOC-03'] as const

/** A one-page PDF of exactly `size` bytes: a comment line after the header pads it, the cross-reference offsets counted after it. */
export const pdfOfSize = (size: number): Uint8Array => {
  const build = (pad: number): string => onePagePdfText('x'.repeat(pad))
  // the startxref number's width grows with the padding: settle it in two passes
  let pad = Math.max(0, size - build(0).length)
  pad += size - build(pad).length
  const text = build(pad)
  if (text.length !== size) throw new Error(`pdfOfSize: ${text.length} bytes, not ${size}`)
  return new TextEncoder().encode(text)
}

const expectUpload = (config: RulesConfig, rule: RuleId, what: string, r: Received, input: Parameters<typeof checkAppointmentUpload>[0]): void => {
  const want = checkAppointmentUpload(input, { config })
  if (want._tag === 'Left') return expectAnswer(rule, `${what} (checkAppointmentUpload)`, r, want.left.status, want.left.reason)
  if (r.status !== 200) throw new RuleBroken(rule, `${what}: accepted, 200 (checkAppointmentUpload)`, describe(r))
}

export const uploads: Check = {
  name: NAME,
  rules: RULES,
  run: (ctx) =>
    scenario(ctx, { name: NAME, rules: RULES }, async () => {
      // the declared limit, inclusive (the spec's 10 MiB by default), which checkAppointmentUpload applies
      const LIMIT = ctx.config.uploadMaxBytes
      const order = await makeShipment(ctx, createBody(ctx, LANES[1]!, { palletCount: 1, poundsWeight: 400 }, { note: 'upload limits' }))
      const path = `/v1/shipper/shipment/${encodeURIComponent(order.orderNumber)}/appointment/DELIVERY/document/PACKING_SLIP`
      const text = new TextEncoder().encode(`${ctx.marker} a packing slip as plain text\n`)
      const plain = await ctx.http.send(post(path, multipartFile('slip.txt', 'text/plain', text)))
      expectUpload(ctx.config, 'DOC-02', 'a text/plain packing slip', plain, { documentType: 'PACKING_SLIP', contentType: 'text/plain', sizeBytes: text.length, filename: 'slip.txt' })
      const over = pdfOfSize(LIMIT + 1)
      const big = await ctx.http.send(post(path, multipartFile('slip.pdf', 'application/pdf', over)))
      expectUpload(ctx.config, 'DOC-03', `a PDF of ${over.length} bytes`, big, { documentType: 'PACKING_SLIP', contentType: 'application/pdf', sizeBytes: over.length, filename: 'slip.pdf' })
      const at = pdfOfSize(LIMIT)
      const ok = await ctx.http.send(post(path, multipartFile('slip.pdf', 'application/pdf', at)))
      expectUpload(ctx.config, 'DOC-03', `a PDF of exactly ${at.length} bytes`, ok, { documentType: 'PACKING_SLIP', contentType: 'application/pdf', sizeBytes: at.length, filename: 'slip.pdf' })
    }),
}
