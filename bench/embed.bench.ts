/**
 * Embed bench, run by `npm run bench` (node --import tsx): what a host page loads of `dist/embed/` (build it
 * with `npm run build`) — the loader before idle, the widget chunk on idle, the rest on the mic press — against
 * the budgets in tests/budgets.ts (`npm test` enforces them). Writes bench/results/embed.md and prints it.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { EMBED_BUDGETS } from '../tests/budgets'
import { kb } from './lib/bundle'
import { embedSizes } from './lib/embed'

const DIR = 'dist/embed'
if (!existsSync(`${DIR}/voiceos.js`)) {
  console.error(`${DIR}/voiceos.js is missing: run \`npm run build\` first`)
  process.exit(1)
}
const s = embedSizes(DIR)
const ok = (n: number, budget: number) => (n <= budget ? '✅' : '❌')
const lines = [
  '# Embed sizes (gzip, level 9)',
  '',
  '| what | when a host page loads it | gzip | budget | |',
  '|---|---|---:|---:|---|',
  `| \`voiceos.js\` | at once (script tag) | ${kb(s.loader.gzip)} | ${kb(EMBED_BUDGETS.loader)} | ${ok(s.loader.gzip, EMBED_BUDGETS.loader)} |`,
  `| widget (${s.widget.chunks.map((c) => `\`${c.file}\``).join(', ')}) | on idle | ${kb(s.widget.gzip)} | ${kb(EMBED_BUDGETS.widget)} | ${ok(s.widget.gzip, EMBED_BUDGETS.widget)} |`,
  `| session, executor, engine, daily-js, supabase-js (${s.onPress.chunks.length} chunks) | on the mic press | ${kb(s.onPress.gzip)} | — | |`,
  '',
  ...s.onPress.chunks.sort((a, b) => b.gzip - a.gzip).map((c) => `- \`${c.file}\`: ${kb(c.gzip)}`),
  '',
]
const md = lines.join('\n')
mkdirSync('bench/results', { recursive: true })
writeFileSync('bench/results/embed.md', md)
console.log(md)
process.exit(s.loader.gzip <= EMBED_BUDGETS.loader && s.widget.gzip <= EMBED_BUDGETS.widget ? 0 : 1)
