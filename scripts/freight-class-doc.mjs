// Writes docs/freight-class.md from the tables and functions the code runs on (run after
// `npm run build`): both density scales as one SVG step chart and a table, and the appointment
// merge of the examples/appointment place default and order override, field by field with
// provenance. test/freight-class-doc.test.ts renders the page from the sources with the same
// function and fails when the file differs.
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/** The example requirements of the merge table, relative to the repository. */
export const MERGE_EXAMPLES = {
  place: 'examples/appointment/valid-place-default.json',
  order: 'examples/appointment/valid-order-override.json',
}

// ---- the chart ------------------------------------------------------------------------------

const WIDTH = 760
const HEIGHT = 480
const PLOT = { left: 64, right: WIDTH - 24, top: 44, bottom: HEIGHT - 58 }
/** The density axis, lb/ft³, logarithmic: the band below 1 starts at its left edge, the band from 50 runs to its right edge. */
const X_MIN = 0.5
const X_MAX = 100
const X_TICKS = [0.5, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50, 100]
const X_LABELS = new Set([0.5, 1, 2, 5, 10, 20, 50, 100])
const LINES = [
  { stroke: '#1f5fa8', dash: '', offset: 0 },
  { stroke: '#d0461e', dash: ' stroke-dasharray="7 4"', offset: 3 },
]

const r1 = (n) => String(Math.round(n * 10) / 10)
const x = (pcf) => PLOT.left + ((Math.log10(Math.max(pcf, X_MIN)) - Math.log10(X_MIN)) / (Math.log10(X_MAX) - Math.log10(X_MIN))) * (PLOT.right - PLOT.left)

/** The SVG step chart of the scales: class (bottom to top, 50 to 500) against density. */
const chart = (classes, scales) => {
  const step = (PLOT.bottom - PLOT.top) / classes.length
  const y = (freightClass) => PLOT.bottom - (classes.indexOf(freightClass) + 0.5) * step
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="Helvetica, Arial, sans-serif" font-size="12" role="img" aria-labelledby="freight-class-title">`,
    `<title id="freight-class-title">Freight class against density on the ${scales.map((s) => s.name).join(' and ')} scales</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
  ]
  for (const c of classes) {
    out.push(`<line x1="${PLOT.left}" y1="${r1(y(c))}" x2="${PLOT.right}" y2="${r1(y(c))}" stroke="#e6e6e6"/>`)
    out.push(`<text x="${PLOT.left - 8}" y="${r1(y(c) + 4)}" text-anchor="end" fill="#333333">${c}</text>`)
  }
  for (const t of X_TICKS) {
    out.push(`<line x1="${r1(x(t))}" y1="${PLOT.top}" x2="${r1(x(t))}" y2="${PLOT.bottom}" stroke="${X_LABELS.has(t) ? '#d0d0d0' : '#eeeeee'}"/>`)
    if (X_LABELS.has(t)) out.push(`<text x="${r1(x(t))}" y="${PLOT.bottom + 18}" text-anchor="middle" fill="#333333">${t}</text>`)
  }
  out.push(`<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.right - PLOT.left}" height="${PLOT.bottom - PLOT.top}" fill="none" stroke="#999999"/>`)
  out.push(`<text x="${(PLOT.left + PLOT.right) / 2}" y="${HEIGHT - 16}" text-anchor="middle" fill="#333333">density, lb/ft³ (log scale; a band's lower bound is inclusive)</text>`)
  out.push(`<text x="16" y="${(PLOT.top + PLOT.bottom) / 2}" text-anchor="middle" fill="#333333" transform="rotate(-90 16 ${(PLOT.top + PLOT.bottom) / 2})">freight class (one row per class)</text>`)
  scales.forEach((scale, i) => {
    const { stroke, dash, offset } = LINES[i]
    // From the least dense band (at 0, drawn from the left edge) to the densest (to the right edge).
    const bands = [...scale.bands].reverse()
    const points = []
    bands.forEach((band, j) => {
      const to = j + 1 < bands.length ? bands[j + 1].minPcf : X_MAX
      points.push([x(band.minPcf) + offset, y(band.freightClass) - offset], [x(to) + offset, y(band.freightClass) - offset])
    })
    out.push(`<path d="M${points.map(([px, py]) => `${r1(px)} ${r1(py)}`).join(' L')}" fill="none" stroke="${stroke}" stroke-width="2.5"${dash}/>`)
    for (const band of bands) {
      if (band.minPcf > 0) out.push(`<circle cx="${r1(x(band.minPcf) + offset)}" cy="${r1(y(band.freightClass) - offset)}" r="3.5" fill="${stroke}"/>`)
    }
    const ly = PLOT.top + 22 + i * 22
    out.push(`<line x1="${PLOT.right - 250}" y1="${ly}" x2="${PLOT.right - 214}" y2="${ly}" stroke="${stroke}" stroke-width="2.5"${dash}/>`)
    out.push(`<text x="${PLOT.right - 206}" y="${ly + 4}" fill="#222222">${scale.name} (${scale.bands.length} bands)</text>`)
  })
  out.push('</svg>')
  return out.join('\n')
}

// ---- the tables ------------------------------------------------------------------------------

/** The density range of each class on a scale, as a table cell: `≥ 50`, `35 to < 50`, `< 1`. */
const ranges = (scale) => {
  const out = new Map()
  scale.bands.forEach((band, i) => {
    const upper = i === 0 ? undefined : scale.bands[i - 1].minPcf
    out.set(band.freightClass, upper === undefined ? `≥ ${band.minPcf}` : band.minPcf === 0 ? `< ${upper}` : `${band.minPcf} to < ${upper}`)
  })
  return out
}

/** The lowest density from which the two scales give the same class to every density. */
const agreeFrom = ([a, b]) => {
  let i = 0
  while (i < a.bands.length && i < b.bands.length && a.bands[i].minPcf === b.bands[i].minPcf && a.bands[i].freightClass === b.bands[i].freightClass) i++
  return a.bands[i - 1].minPcf
}

const scaleTable = (classes, scales) => {
  const cells = scales.map(ranges)
  return [
    `| class | ${scales.map((s) => `\`${s.name}\`, lb/ft³`).join(' | ')} |`,
    `|---:|${scales.map(() => '---|').join('')}`,
    ...classes.map((c) => `| ${c} | ${cells.map((m) => m.get(c) ?? '(not on this scale)').join(' | ')} |`),
  ].join('\n')
}

/** A value of the merge table readably: null, a string, a number, a contact, a list of either. */
const cell = (value) => {
  if (value === null || value === undefined) return '(none)'
  if (Array.isArray(value)) return value.map(cell).join('<br>')
  if (typeof value === 'object') return cell(Object.values(value).join(' · '))
  if (typeof value === 'string') return `\`${JSON.stringify(value).slice(1, -1).replaceAll('|', '\\|')}\``
  return `\`${String(value)}\``
}

/** The requirement a file holds, and the `appointmentRequired` flag beside it (as the CLI reads it). */
const split = (json) => {
  const { appointmentRequired, ...requirement } = json
  return { requirement, required: typeof appointmentRequired === 'boolean' ? appointmentRequired : undefined }
}

const mergeTable = (lib, placeJson, orderJson) => {
  const place = split(placeJson)
  const order = split(orderJson)
  const valid = (side, path) => {
    const r = lib.validateAppointmentRequirement(side.requirement, { path })
    if (r._tag === 'Left') throw new Error(`${path}: the example requirement is invalid: ${JSON.stringify(r.left)}`)
    return r.right
  }
  const merged = lib.mergeAppointment({ place: valid(place, 'place'), order: valid(order, 'order'), placeRequired: place.required, orderRequired: order.required })
  const kept = new Set(merged.contacts?.map((c) => c.name))
  const dropped = (order.requirement.contacts ?? []).filter((c) => !kept.has(c.name)).map((c) => `\`${c.name}\``)
  return [
    '| field | place default | order override | merged value | `_merged.fields` |',
    '|---|---|---|---|---|',
    ...lib.MERGED_FIELDS.map((f) => `| \`${f}\` | ${cell(place.requirement[f])} | ${cell(order.requirement[f])} | ${cell(merged[f])} | \`${merged._merged.fields[f]}\` |`),
    `| \`appointmentRequired\` | ${cell(place.required)} | ${cell(order.required)} | ${cell(merged.appointmentRequired)} | (the OR of the two flags) |`,
  ].join('\n') + (dropped.length === 0 ? '' : `\n\nDropped from the order's contacts as a duplicate of one of the place's (the same e-mail, compared case-insensitively, and phone): ${dropped.join(', ')}.`)
}

/**
 * The whole page, from the library's exports (`lib`: the built package or the sources) and the
 * parsed example requirements.
 */
export const freightClassDoc = (lib, examples) => {
  const scales = [lib.DENSITY_SCALE_18, lib.NMFC_2025_SCALE]
  return `# Freight class and the appointment merge, as the code computes them

Generated by \`node scripts/freight-class-doc.mjs\` (after \`npm run build\`) from the tables and
functions the library runs on; \`test/freight-class-doc.test.ts\` fails when this page and the
code disagree.

## Freight class from density (FRT-07)

\`freightClassForDensity\` and \`freightClassForPallet\` read the class off a density scale:
\`NMFC_2025_SCALE\`, the industry rule since 19 July 2025 and the default of
\`config.densityScale\`, or \`DENSITY_SCALE_18\`, the guideline before it (\`makeConfig({ densityScale:
DENSITY_SCALE_18 })\`, or \`--scale 18\` on the command line), both exported from
\`src/model/densityScales.ts\`. A band
holds the densities from its lower bound (a dot in the chart, inclusive) up to the next band's;
the density is computed exactly, in integers, so 1000 lb on a 40 x 40 x 36 in pallet is exactly
30 lb/ft³, class 60. The two scales agree from ${agreeFrom(scales)} lb/ft³ up; below that,
\`${scales[1].name}\` has ${scales[1].bands.length} bands where \`${scales[0].name}\` has ${scales[0].bands.length}, and its least dense
class is ${scales[1].bands.at(-1).freightClass} instead of ${scales[0].bands.at(-1).freightClass}.

${chart(lib.FREIGHT_CLASSES, scales)}

${scaleTable(lib.FREIGHT_CLASSES, scales)}

## Appointment merge, field by field (APT-07 … APT-14)

\`mergeAppointment\` combines a place-level default with an order-level override; \`_merged.fields\`
tells where each merged value comes from (\`PLACE\`, \`ORDER\`, \`PLACE_AND_ORDER\` when the rule
combined both, \`NONE\`, \`ADDRESS_FALLBACK\`). Worked on the place default
[\`${MERGE_EXAMPLES.place}\`](../${MERGE_EXAMPLES.place}) and the order override
[\`${MERGE_EXAMPLES.order}\`](../${MERGE_EXAMPLES.order});
\`npx shipper-rules merge-appointment\` with the two files prints the same merge as JSON.

${mergeTable(lib, examples.place, examples.order)}

The rules per field: channel, the strictest (PORTAL over EMAIL over PHONE); portalUrl, the
order's, else the place's; contacts, the union deduplicated by e-mail (case-insensitively) and
phone, place first; instructions, the place's, a blank line, \`---\`, a blank line, the order's;
referenceNumbers, the union, place first, first occurrence wins; leadTimeHours, the maximum.
`
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const lib = await import('../dist/esm/index.js')
  const examples = Object.fromEntries(Object.entries(MERGE_EXAMPLES).map(([k, path]) => [k, JSON.parse(readFileSync(path, 'utf8'))]))
  writeFileSync('docs/freight-class.md', freightClassDoc(lib, examples))
}
