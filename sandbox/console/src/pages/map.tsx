import type { PageProps } from '../types.js'
export function MapPage(_props: PageProps) { return <section aria-labelledby="page-title"><h1 id="page-title">Map</h1></section> }
