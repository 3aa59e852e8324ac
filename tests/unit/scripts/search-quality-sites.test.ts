/**
 * The search-quality bench's corpus (bench/search-quality/sites/*.json, read by bench/search-quality/corpus.ts): every
 * site file is valid, and together they are the evaluation set README "Site search" quotes — real generators'
 * output from pinned Debian packages, at least four generators, at least 120 answerable questions and 25 the sites
 * cannot answer.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { DEBIAN_ARCHIVES, loadSiteSpecs, SiteSchema } from '../../../bench/search-quality/corpus'

it('the site files form the evaluation set: pinned packages, four generators or more, 120 questions and 25 unanswerable', async () => {
  const sites = await loadSiteSpecs()
  expect(new Set(sites.map((s) => s.generator.split(' (')[0])).size).toBeGreaterThanOrEqual(4)
  expect(sites.reduce((n, s) => n + s.questions.length, 0)).toBeGreaterThanOrEqual(120)
  expect(sites.reduce((n, s) => n + s.unanswerable.length, 0)).toBeGreaterThanOrEqual(25)
  for (const site of sites) {
    // Each package comes from an archive the bench knows, by a path in that archive's pool.
    expect(Object.keys(DEBIAN_ARCHIVES)).toContain(site.package.archive)
    expect(
      site.package.file.startsWith(site.package.archive === 'debian-security' ? 'pool/updates/' : 'pool/main/'),
    ).toBe(true)
    // Python's documentation is the held-out site the search is judged on (docs/benchmarks.md "Python's
    // documentation leaves the corpus"): no site file may be it, whatever the Python version.
    expect(site.package.name).not.toMatch(/^python3(\.\d+)?-doc$/)
    // The visitor's words and the searcher's keywords are two different queries.
    for (const q of [...site.questions, ...site.unanswerable]) expect(q.keywords).not.toBe(q.q)
  }
})

it('a package from an unknown archive, or a question without its answering pages, is refused with the file named', async () => {
  const valid = {
    name: 'demo',
    generator: 'Sphinx',
    package: {
      name: 'demo-doc',
      version: '1.0-1',
      file: 'pool/main/d/demo/demo-doc_1.0-1_all.deb',
      sha256: 'a'.repeat(64),
      licence: 'MIT',
    },
    root: 'usr/share/doc/demo-doc/html',
    origin: 'https://docs.demo.example',
    questions: [{ q: 'How do I start?', keywords: 'getting started', answers: ['/intro.html'] }],
    unanswerable: [],
  }
  // The archive defaults to Debian's main one.
  expect(SiteSchema.parse(valid).package.archive).toBe('debian')
  expect(SiteSchema.safeParse({ ...valid, package: { ...valid.package, archive: 'ubuntu' } }).success).toBe(false)
  const dir = await mkdtemp(join(tmpdir(), 'voiceos-sites-'))
  try {
    await writeFile(
      join(dir, 'demo.json'),
      JSON.stringify({ ...valid, questions: [{ q: 'How?', keywords: 'how', answers: [] }] }),
    )
    await expect(loadSiteSpecs(dir)).rejects.toThrow(/demo\.json is not a site file[\s\S]*answers/)
  } finally {
    await rm(dir, { recursive: true })
  }
})
