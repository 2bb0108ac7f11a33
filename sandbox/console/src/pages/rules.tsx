import type { PageProps } from '../types.js'
export function RulesPage({ route }: PageProps) { return <section aria-labelledby="page-title"><h1 id="page-title">{route.param === null ? 'Rules' : route.param}</h1></section> }
