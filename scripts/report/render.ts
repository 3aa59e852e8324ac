/**
 * The report as one self-contained HTML file (no network: styles, charts and the theme switch are inline),
 * and as CSV tables. Charts are drawn by Observable Plot (`@observablehq/plot`) into SVG when the report is made,
 * on a `linkedom` document; ranked lists (languages, how calls ended, pages) are HTML bars whose labels wrap, so no
 * label is ever clipped, at any width. Each chart has a text alternative: its name (`role="img"` + `aria-label`), a
 * one-sentence summary and its data as a table. Owners' words (./words.ts): languages by name, how calls ended in
 * plain words (the platform's code beside it in the data table). Light and dark (the system's, or the switch, which
 * names its action: "Switch to dark theme" / "Switch to light theme"), and a print style.
 * @module
 */
import * as Plot from '@observablehq/plot'
import { parseHTML } from 'linkedom'
import type { Count, ReportData } from './analyze'
import { endedReasonWords, languageName } from './words'

/** Chart colours: each has a contrast of at least 3:1 with both the light (#fff) and the dark (#0f172a) page. */
export const COLORS = { voice: '#2563eb', chat: '#ea580c', done: '#059669', refused: '#dc2626', bar: '#2563eb' }

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const n = (x: number) => x.toLocaleString('en-US')
const usd = (x: number) => `$${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const secs = (s: number | null) =>
  s === null
    ? '—'
    : s >= 3600
      ? `${(s / 3600).toLocaleString('en-US', { maximumFractionDigits: 1 })} h`
      : s >= 60
        ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`
        : `${Math.round(s)} s`

function table(headers: string[], rows: (string | number)[][], numeric: boolean[] = []): string {
  if (rows.length === 0) return '<p class="empty">Nothing in this period.</p>'
  const th = headers.map((h, i) => `<th scope="col"${numeric[i] ? ' class="num"' : ''}>${escapeHtml(h)}</th>`).join('')
  const body = rows
    .map(
      (r) =>
        `<tr>${r.map((c, i) => `<td${numeric[i] ? ' class="num"' : ''}>${escapeHtml(typeof c === 'number' ? n(c) : c)}</td>`).join('')}</tr>`,
    )
    .join('')
  return `<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`
}

/** Renders a Plot chart to an SVG string with an accessible name. */
function svgOf(options: Plot.PlotOptions, label: string): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>')
  const el = Plot.plot({
    ...options,
    document,
    ariaLabel: label,
    style: { fontSize: '12px', background: 'transparent' },
  })
  const svg = el.tagName.toLowerCase() === 'svg' ? el : el.querySelector('svg')
  svg?.setAttribute('role', 'img')
  // The chart is one image named by its label; Plot's names of its inner groups are not allowed on them (axe
  // aria-prohibited-attr) and would not be read anyway.
  for (const g of svg?.querySelectorAll('[aria-label]') ?? []) g.removeAttribute('aria-label')
  return (el as unknown as { outerHTML: string }).outerHTML
}

function legend(items: [string, string][]): string {
  return `<ul class="legend">${items.map(([name, color]) => `<li><span class="swatch" style="background:${color}"></span>${escapeHtml(name)}</li>`).join('')}</ul>`
}

let figureId = 0
function figure(title: string, summary: string, svg: string, dataTable: string, legendHtml = ''): string {
  const id = `fig-${++figureId}`
  return `<figure aria-labelledby="${id}"><figcaption id="${id}"><strong>${escapeHtml(title)}</strong> <span>${escapeHtml(summary)}</span></figcaption>${legendHtml}<div class="chart">${svg}</div><details><summary>Data table: ${escapeHtml(title.toLowerCase())}</summary>${dataTable}</details></figure>`
}

/**
 * A ranked list as a bar chart in HTML: one row per key, its label in words (wrapping, never clipped), a bar as
 * long as its share of the largest count, and the count. The data table gives the key (the platform's code or tag)
 * beside the words when they differ.
 * @param words - the label shown for a key (default: the key).
 * @param max - rows drawn (the data table has them all). @default 12
 */
function barsOf(
  title: string,
  counts: Count[],
  keyName: string,
  what: string,
  words: (key: string) => string = (k) => k,
  max = 12,
): string {
  if (counts.length === 0) return `<h3>${escapeHtml(title)}</h3><p class="empty">Nothing in this period.</p>`
  const shown = counts.slice(0, max)
  const top = Math.max(1, ...shown.map((c) => c.count))
  const rows = shown
    .map(
      (c) =>
        `<div class="bar-row"><span class="bar-label">${escapeHtml(words(c.key))}</span><span class="bar-track"><span class="bar" style="--f:${(c.count / top).toFixed(4)}"></span><span class="bar-n">${n(c.count)}</span></span></div>`,
    )
    .join('')
  const chart = `<div class="bars" role="img" aria-label="${escapeHtml(title)}">${rows}</div>`
  const first = counts[0]!
  const summary = `${counts.length} in all; most: ${words(first.key)} (${n(first.count)}).`
  const coded = counts.some((c) => words(c.key) !== c.key)
  return figure(
    title,
    summary,
    chart,
    coded
      ? table(
          [keyName, 'Code', what],
          counts.map((c) => [words(c.key), c.key, c.count]),
          [false, false, true],
        )
      : table(
          [keyName, what],
          counts.map((c) => [c.key, c.count]),
          [false, true],
        ),
  )
}

/** Pages with their counts, most first: all of them up to 5, then how many more. */
function pagesText(pages: Count[]): string {
  const shown = pages.slice(0, 5).map((p) => `${p.key} (${n(p.count)})`)
  return pages.length > 5 ? `${shown.join(', ')} and ${n(pages.length - 5)} more` : shown.join(', ')
}

/** The report as one HTML document (see the module comment). */
export function renderHtml(
  data: ReportData,
  meta: { assistantId: string; generatedAt: string; personalData: boolean },
): string {
  figureId = 0
  const t = data.totals
  const period =
    data.period.from && data.period.to
      ? `${data.period.from.slice(0, 10)} to ${data.period.to.slice(0, 10)}`
      : 'no conversations yet'

  const perDayLong = data.perDay.flatMap((d) => [
    { day: d.day, mode: 'voice', count: d.voice },
    { day: d.day, mode: 'chat', count: d.chat },
  ])
  const busiest = [...data.perDay].sort((a, b) => b.voice + b.chat - (a.voice + a.chat))[0]
  const perDay =
    data.perDay.length === 0
      ? '<p class="empty">Nothing in this period.</p>'
      : figure(
          'Conversations per day',
          `${n(t.voice)} voice and ${n(t.chat)} chat over ${data.perDay.length} days${busiest ? `; busiest ${busiest.day} with ${n(busiest.voice + busiest.chat)}` : ''}.`,
          svgOf(
            {
              width: 900,
              height: 260,
              marginBottom: 40,
              x: {
                type: 'band',
                label: null,
                tickFormat: (d: string) => d.slice(5),
                ticks: data.perDay.filter((_, i) => i % Math.ceil(data.perDay.length / 12) === 0).map((d) => d.day),
              },
              y: { label: 'conversations', grid: true },
              color: { domain: ['voice', 'chat'], range: [COLORS.voice, COLORS.chat] },
              marks: [Plot.barY(perDayLong, { x: 'day', y: 'count', fill: 'mode' }), Plot.ruleY([0])],
            },
            'Conversations per day, voice and chat stacked',
          ),
          table(
            ['Day', 'Voice', 'Chat'],
            data.perDay.map((d) => [d.day, d.voice, d.chat]),
            [false, true, true],
          ),
          legend([
            ['voice', COLORS.voice],
            ['chat', COLORS.chat],
          ]),
        )

  const kindsLong = data.commandKinds.flatMap((k) => [
    { kind: k.kind, outcome: 'done', count: k.done },
    { kind: k.kind, outcome: 'refused', count: k.refused },
  ])
  const totalDone = data.commandKinds.reduce((s, k) => s + k.done, 0)
  const totalRefused = data.commandKinds.reduce((s, k) => s + k.refused, 0)
  const commandsChart =
    data.commandKinds.length === 0
      ? '<p class="empty">No voice commands in this period.</p>'
      : figure(
          'Commands by kind',
          `${n(totalDone)} done, ${n(totalRefused)} refused (${totalDone + totalRefused ? Math.round((100 * totalRefused) / (totalDone + totalRefused)) : 0} % refused).`,
          svgOf(
            {
              width: 640,
              height: 40 + data.commandKinds.length * 30,
              marginLeft: 70,
              x: { label: 'commands', grid: true },
              y: { label: null, domain: data.commandKinds.map((k) => k.kind) },
              color: { domain: ['done', 'refused'], range: [COLORS.done, COLORS.refused] },
              marks: [Plot.barX(kindsLong, { y: 'kind', x: 'count', fill: 'outcome' }), Plot.ruleX([0])],
            },
            'Commands by kind, done and refused stacked',
          ),
          table(
            ['Kind', 'Done', 'Refused'],
            data.commandKinds.map((k) => [k.kind, k.done, k.refused]),
            [false, true, true],
          ),
          legend([
            ['done', COLORS.done],
            ['refused', COLORS.refused],
          ]),
        )

  const fixes = table(
    ['What went wrong', 'Command', 'Times', 'Pages'],
    data.fixes.map((f) => [f.reason, f.kind, f.count, pagesText(f.pages)]),
    [false, false, true, false],
  )
  const unanswered = table(
    ['Question (similar wordings grouped)', 'Times', 'Pages', 'Search found nothing'],
    data.unanswered.map((u) => [
      u.question + (u.variants > 1 ? ` (+${u.variants - 1} similar)` : ''),
      u.count,
      pagesText(u.pages),
      u.searchFoundNothing,
    ]),
    [false, true, false, true],
  )
  const questions = table(
    ['Question (similar wordings grouped)', 'Times', 'Wordings'],
    data.questions.map((q) => [q.question, q.count, q.variants]),
    [false, true, true],
  )
  const cards: [string, string][] = [
    ['Conversations', n(t.conversations)],
    ['Voice calls', n(t.voice)],
    ['Chats', n(t.chat)],
    ['Commands refused', n(data.problems.refused)],
    ['Questions unanswered', n(data.problems.unanswered)],
    ['Median call', secs(data.duration.medianS)],
    ['Cost', usd(t.costUsd)],
  ]

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Conversation report — VoiceOS</title>
<style>${CSS}</style>
</head>
<body>
<header>
<div class="top"><h1>What visitors asked, where voice helped, what to fix</h1>
<button type="button" class="theme" id="theme">Switch to dark theme</button></div>
<p>Assistant <code>${escapeHtml(meta.assistantId)}</code> · ${escapeHtml(period)} (UTC) · made ${escapeHtml(meta.generatedAt.slice(0, 16).replace('T', ' '))} UTC · ${
    meta.personalData
      ? '<strong>includes personal data</strong> (--include-personal-data): do not share this file'
      : 'emails, phone, card and ID numbers masked'
  }</p>
<ul class="cards">${cards.map(([k, v]) => `<li><span>${escapeHtml(k)}</span><strong>${escapeHtml(v)}</strong></li>`).join('')}</ul>
</header>
<main>
<section aria-labelledby="fix"><h2 id="fix">What to fix on your site</h2>
<h3>Commands the site refused: one row per problem, with its pages</h3>
<p class="hint">A field the assistant could not find is usually a missing or unusual label on your form; a missing option is a choice visitors expect.</p>
${fixes}
<h3>Questions the assistant could not answer</h3>
<p class="hint">The site search found nothing, or the assistant said it could not help: content your site is missing.</p>
${unanswered}
</section>
<section aria-labelledby="ask"><h2 id="ask">What visitors ask</h2>
${questions}
</section>
<section aria-labelledby="conv"><h2 id="conv">Conversations</h2>
${perDay}
<div class="grid">
${barsOf('Languages', data.languages, 'Language', 'conversations', languageName)}
${barsOf('How voice calls ended', data.endedReasons, 'How it ended', 'calls', endedReasonWords)}
</div>
<p>Voice calls: ${n(data.duration.calls)} with a duration; median ${secs(data.duration.medianS)}, 90th percentile ${secs(data.duration.p90S)}, ${secs(data.duration.totalS)} in all. Cost: voice ${usd(data.cost.voiceUsd)}, chat ${usd(data.cost.chatUsd)}${data.cost.perConversationUsd !== null ? `, ${usd(data.cost.perConversationUsd)} per conversation` : ''}.</p>
</section>
<section aria-labelledby="pages"><h2 id="pages">Pages</h2>
<div class="grid">
${barsOf('Pages where conversations start', data.startPages, 'Page', 'conversations')}
${barsOf('Pages the assistant took visitors to', data.takenTo, 'Page', 'times')}
</div>
</section>
<section aria-labelledby="cmd"><h2 id="cmd">Voice commands</h2>
${commandsChart}
<h3>Commands per page</h3>
${table(
  ['Page', 'Kind', 'Done', 'Refused'],
  data.commands.map((c) => [c.path, c.kind, c.done, c.refused]),
  [false, false, true, true],
)}
</section>
<footer><p>${n(data.records.tagged)} conversations carried the widget's record tag; ${n(data.records.untagged)} came from older widgets (read by their wording; their language is unknown).</p></footer>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`
}

const CSS = `
:root{--bg:#fff;--fg:#111827;--muted:#4b5563;--line:#d1d5db;--card:#f3f4f6;--link:#1d4ed8;color-scheme:light}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#0f172a;--fg:#f1f5f9;--muted:#cbd5e1;--line:#334155;--card:#1e293b;--link:#93c5fd;color-scheme:dark}}
:root[data-theme=dark]{--bg:#0f172a;--fg:#f1f5f9;--muted:#cbd5e1;--line:#334155;--card:#1e293b;--link:#93c5fd;color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Devanagari",sans-serif}
header,main{max-width:1000px;margin:0 auto;padding:16px}
.top{display:flex;gap:12px;align-items:flex-start;justify-content:space-between;flex-wrap:wrap}
h1{font-size:1.6rem;margin:8px 0}h2{font-size:1.3rem;border-bottom:1px solid var(--line);padding-bottom:4px;margin-top:32px}h3{font-size:1.05rem;margin:20px 0 6px}
.hint,.empty,figcaption span{color:var(--muted)}
code{font-size:.9em}
.theme{font:inherit;padding:6px 12px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);cursor:pointer}
.theme:focus-visible,summary:focus-visible{outline:2px solid var(--link);outline-offset:2px}
.cards{display:flex;flex-wrap:wrap;gap:12px;list-style:none;padding:0;margin:12px 0}
.cards li{background:var(--card);border-radius:8px;padding:8px 14px;min-width:130px;display:flex;flex-direction:column}
.cards span{color:var(--muted);font-size:.85rem}.cards strong{font-size:1.3rem}
table{border-collapse:collapse;width:100%;margin:6px 0 12px;font-size:.92rem}
th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
th{font-weight:600}.num{text-align:right;font-variant-numeric:tabular-nums}
figure{margin:16px 0}figcaption{margin-bottom:6px}
.chart{overflow-x:auto}.chart svg{max-width:100%;height:auto;color:var(--fg)}
details{margin-top:4px}summary{cursor:pointer;color:var(--link)}
.legend{display:flex;gap:16px;list-style:none;padding:0;margin:4px 0}.legend li{display:flex;align-items:center;gap:6px}
.swatch{display:inline-block;width:14px;height:14px;border-radius:3px;forced-color-adjust:none}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(420px,100%),1fr));gap:16px}
.bars{display:flex;flex-direction:column;gap:6px;margin:6px 0}
.bar-row{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:8px;align-items:center}
.bar-label{overflow-wrap:anywhere;font-size:.92rem}
.bar-track{display:flex;align-items:center;gap:4px;min-width:0}
.bar{display:inline-block;height:16px;width:calc((100% - 4.5em) * var(--f));min-width:2px;background:${COLORS.bar};border-radius:2px;forced-color-adjust:none}
.bar-n{font-variant-numeric:tabular-nums;white-space:nowrap;font-size:.92rem}
footer{color:var(--muted);font-size:.9rem;margin-top:32px}
@media (max-width:600px){.grid{grid-template-columns:1fr}header,main{padding:10px}}
@media print{:root,:root:not([data-theme=light]),:root[data-theme=dark]{--bg:#fff;--fg:#000;--muted:#333;--line:#999;--card:#f3f4f6;--link:#000;color-scheme:light}
.theme,summary{display:none}section,figure,table{break-inside:avoid-page}h2,h3{break-after:avoid-page}
header,main{max-width:none;padding:0}.grid{display:block}}
`

const SCRIPT = `(function(){var b=document.getElementById('theme');var r=document.documentElement;
function dark(){var t=r.getAttribute('data-theme');return t?t==='dark':matchMedia('(prefers-color-scheme: dark)').matches}
function show(){b.textContent=dark()?'Switch to light theme':'Switch to dark theme'}
b.addEventListener('click',function(){r.setAttribute('data-theme',dark()?'light':'dark');show()});show();
addEventListener('beforeprint',function(){document.querySelectorAll('details').forEach(function(d){d.dataset.wasOpen=d.open;d.open=true})});
addEventListener('afterprint',function(){document.querySelectorAll('details').forEach(function(d){d.open=d.dataset.wasOpen==='true'})});})()`

/** One CSV cell: quoted when needed; a leading `=`, `+`, `-`, `@` is prefixed with `'` (no formula in a spreadsheet). */
export function csvCell(v: string | number | null): string {
  if (v === null) return ''
  if (typeof v === 'number') return String(v)
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The report's tables as CSV files: file name → content (RFC 4180, CRLF line ends, a header row each). */
export function renderCsv(data: ReportData): Record<string, string> {
  const csv = (headers: string[], rows: (string | number | null)[][]) =>
    [headers, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n'
  return {
    'summary.csv': csv(
      ['figure', 'value'],
      [
        ['conversations', data.totals.conversations],
        ['voice', data.totals.voice],
        ['chat', data.totals.chat],
        ['cost_usd', data.totals.costUsd],
        ['voice_cost_usd', data.cost.voiceUsd],
        ['chat_cost_usd', data.cost.chatUsd],
        ['calls_with_duration', data.duration.calls],
        ['median_call_s', data.duration.medianS],
        ['p90_call_s', data.duration.p90S],
        ['total_call_s', data.duration.totalS],
        ['from', data.period.from],
        ['to', data.period.to],
      ],
    ),
    'per_day.csv': csv(
      ['day', 'voice', 'chat'],
      data.perDay.map((d) => [d.day, d.voice, d.chat]),
    ),
    'languages.csv': csv(
      ['language', 'name', 'conversations'],
      data.languages.map((c) => [c.key, languageName(c.key), c.count]),
    ),
    'ended_reasons.csv': csv(
      ['ended_reason', 'in_words', 'calls'],
      data.endedReasons.map((c) => [c.key, endedReasonWords(c.key), c.count]),
    ),
    'start_pages.csv': csv(
      ['path', 'conversations'],
      data.startPages.map((c) => [c.key, c.count]),
    ),
    'taken_to.csv': csv(
      ['path', 'times'],
      data.takenTo.map((c) => [c.key, c.count]),
    ),
    'commands.csv': csv(
      ['path', 'kind', 'done', 'refused'],
      data.commands.map((c) => [c.path, c.kind, c.done, c.refused]),
    ),
    'fixes.csv': csv(
      ['reason', 'kind', 'times', 'pages'],
      data.fixes.map((f) => [f.reason, f.kind, f.count, f.pages.map((p) => `${p.key} (${p.count})`).join('; ')]),
    ),
    'unanswered.csv': csv(
      ['question', 'times', 'wordings', 'search_found_nothing', 'pages'],
      data.unanswered.map((u) => [
        u.question,
        u.count,
        u.variants,
        u.searchFoundNothing,
        u.pages.map((p) => `${p.key} (${p.count})`).join('; '),
      ]),
    ),
    'questions.csv': csv(
      ['question', 'times', 'wordings'],
      data.questions.map((q) => [q.question, q.count, q.variants]),
    ),
  }
}
