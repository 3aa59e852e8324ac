/**
 * The search-quality bench's corpus (bench/search-quality.bench.ts): real documentation sites as Debian ships them,
 * each described by a site file in `bench/search-quality/sites/*.json` (the package pinned by version and SHA-256,
 * the folder of its HTML inside the package, the origin it is indexed for, and the questions with the served paths
 * of the pages that answer them). The package is fetched once into `bench/.cache/search-quality/` (gitignored),
 * verified and extracted there without dpkg: the `.deb` is an `ar` archive parsed here, its `data.tar.*` piped
 * to `tar` (`dpkg-deb -x` when that fails and dpkg is installed); of the files only the HTML is kept.
 * @module
 */
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, readdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { z } from 'zod'
import { htmlFiles } from '../../scripts/site-index/sources'

/** Where the site files are. */
export const SITES_DIR = resolve('bench/search-quality/sites')
/** Downloaded packages and their extracted trees (gitignored: `bench/.cache/`). */
export const CACHE_DIR = resolve('bench/.cache/search-quality')
/** The Debian archive's main mirror: every package of a current release is in its pool. */
export const DEBIAN_MIRROR = 'http://deb.debian.org/debian/'
/**
 * snapshot.debian.org's copy of the archive as it was at a fixed time, for a package no longer in the mirror's
 * pool: a stable security update (`+deb12u3`) leaves the pool when the next one (`+deb12u4`) replaces it, so a
 * pinned version can only be had from the snapshot afterwards. The time is fixed so the same pin always resolves
 * to the same file; it is after every pinned package's publication (the corpus was chosen in November 2026).
 */
export const DEBIAN_SNAPSHOT = 'https://snapshot.debian.org/archive/debian/20261128T000000Z/'
/**
 * The archives a package may come from, each as its mirror and its snapshot (at {@link DEBIAN_SNAPSHOT}'s time): the
 * main archive, and the security archive, whose pool (`pool/updates/…`) holds a stable release's security updates.
 */
export const DEBIAN_ARCHIVES = {
  debian: [DEBIAN_MIRROR, DEBIAN_SNAPSHOT],
  'debian-security': [
    'http://deb.debian.org/debian-security/',
    'https://snapshot.debian.org/archive/debian-security/20261128T000000Z/',
  ],
} as const

const servedPath = z
  .string()
  .regex(/^\/[^\s#?]*$/, 'a served path: begins with "/", no spaces, fragment or query (`/topics/http/sessions.html`)')

/** One site file's JSON. */
export const SiteSchema = z.object({
  /** Short name: `--site=<name>`, the result tables' headings. */
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and hyphens'),
  /** What built the HTML (`Sphinx (Django theme)`, `MkDocs`), for the reader of the results. */
  generator: z.string().min(1),
  /** The Debian package holding the site, pinned. */
  package: z.object({
    name: z.string().min(1),
    version: z.string().min(1),
    /** The archive holding it ({@link DEBIAN_ARCHIVES}). @default 'debian' */
    archive: z.enum(['debian', 'debian-security']).default('debian'),
    /** Path in the archive (`pool/main/p/python-django/python-django-doc_3.2.25-0+deb12u3_all.deb`). */
    file: z.string().regex(/^pool\/[^\s]+\.deb$/, 'a path in the archive: pool/…/<name>_<version>_<arch>.deb'),
    /** SHA-256 of the `.deb`, hex. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/, '64 lower-case hex digits'),
    /** The documentation's licence (debian/copyright), for docs/benchmarks.md. */
    licence: z.string().min(1),
  }),
  /** Folder of the site's HTML inside the package (`usr/share/doc/python-django-doc/html`). */
  root: z.string().regex(/^[^/].*[^/]$|^[^/]$/, 'a relative path without leading or trailing "/"'),
  /** The origin the site is indexed for (`--origin`); its pages are served from its root. */
  origin: z.url({ protocol: /^https?$/ }),
  /** Questions a page of the site answers: the visitor's words, a searcher's keywords, the answering pages. */
  questions: z
    .array(z.object({ q: z.string().min(1), keywords: z.string().min(1), answers: z.array(servedPath).min(1) }))
    .min(1),
  /** Questions no page of the site answers: a search should say so (no match). */
  unanswerable: z.array(z.object({ q: z.string().min(1), keywords: z.string().min(1) })),
})

/** A site file, checked. */
export type SiteSpec = z.infer<typeof SiteSchema>

/** A site ready to index: its spec and the folder of its HTML on disk. */
export interface CorpusSite extends SiteSpec {
  /** Absolute path of the site's folder (`<extracted>/<root>`). */
  dir: string
  /** `.html` files under {@link dir}. */
  htmlFiles: number
  /** Their total size, bytes. */
  htmlBytes: number
}

/**
 * Reads and checks every `*.json` in `dir`, sorted by file name.
 * @throws naming the file and each field that is wrong, or when two files share a name
 */
export async function loadSiteSpecs(dir: string = SITES_DIR): Promise<SiteSpec[]> {
  const files = existsSync(dir) ? (await readdir(dir)).filter((f) => f.endsWith('.json')).sort() : []
  const specs: SiteSpec[] = []
  for (const file of files) {
    const path = join(dir, file)
    let json: unknown
    try {
      json = JSON.parse(await readFile(path, 'utf8'))
    } catch (e) {
      throw new Error(`${path}: not JSON (${(e as Error).message})`)
    }
    const parsed = SiteSchema.safeParse(json)
    if (!parsed.success) throw new Error(`${path} is not a site file:\n${z.prettifyError(parsed.error)}`)
    if (specs.some((s) => s.name === parsed.data.name))
      throw new Error(`${path}: the name "${parsed.data.name}" is already used by another site file`)
    specs.push(parsed.data)
  }
  return specs
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * The package's `.deb`, from the cache or downloaded (its archive's mirror, then its snapshot), verified against its pinned
 * SHA-256.
 * @returns the cached file's path
 * @throws when neither source has it, or what they send does not match the pin (nothing is cached then)
 */
export async function fetchPackage(pkg: SiteSpec['package'], log: (line: string) => void = () => {}): Promise<string> {
  const debs = join(CACHE_DIR, 'debs')
  const path = join(debs, basename(pkg.file))
  if (existsSync(path)) {
    if (sha256(await readFile(path)) === pkg.sha256) return path
    log(`${path}: cached copy does not match its SHA-256; downloading it again`)
    await rm(path)
  }
  await mkdir(debs, { recursive: true })
  const failures: string[] = []
  for (const base of DEBIAN_ARCHIVES[pkg.archive]) {
    const url = `${base}${pkg.file}`
    let bytes: Uint8Array
    try {
      log(`Downloading ${url}`)
      const res = await fetch(url, { signal: AbortSignal.timeout(300_000) })
      if (!res.ok) {
        failures.push(`${url}: HTTP ${res.status}`)
        continue
      }
      bytes = new Uint8Array(await res.arrayBuffer())
    } catch (e) {
      failures.push(`${url}: ${(e as Error).message}`)
      continue
    }
    const got = sha256(bytes)
    if (got !== pkg.sha256)
      throw new Error(
        `${url}: SHA-256 ${got} is not the pinned ${pkg.sha256} of ${pkg.name} ${pkg.version}; refusing it (the site file's pin or the archive is wrong)`,
      )
    await writeFile(`${path}.part`, bytes)
    await rename(`${path}.part`, path)
    return path
  }
  throw new Error(`${pkg.name} ${pkg.version} could not be downloaded:\n  ${failures.join('\n  ')}`)
}

/** One member of an `ar` archive: its name and where its bytes are. */
export interface ArMember {
  name: string
  offset: number
  size: number
}

/**
 * The members of an `ar` archive (the `.deb` container: `debian-binary`, `control.tar.*`, `data.tar.*`): the
 * common format of ar(5) — an 8-byte magic, then per member a 60-byte header (name 16, mtime 12, uid 6, gid 6,
 * mode 8, size 10 as decimal ASCII, then the two bytes "`\n") and its data, padded to an even offset.
 * @throws when the bytes are not an `ar` archive
 */
export function arMembers(bytes: Uint8Array): ArMember[] {
  const text = (from: number, length: number) => Buffer.from(bytes.subarray(from, from + length)).toString('latin1')
  if (text(0, 8) !== '!<arch>\n') throw new Error('not an ar archive (a .deb starts with "!<arch>")')
  const members: ArMember[] = []
  let at = 8
  while (at + 60 <= bytes.length) {
    if (text(at + 58, 2) !== '`\n') throw new Error(`ar member header at byte ${at} is damaged`)
    const name = text(at, 16).trim().replace(/\/$/, '')
    const size = Number(text(at + 48, 10).trim())
    if (!Number.isInteger(size) || at + 60 + size > bytes.length)
      throw new Error(`ar member "${name}" runs past the end of the archive`)
    members.push({ name, offset: at + 60, size })
    at += 60 + size + (size % 2)
  }
  return members
}

/** `tar`'s decompression flag for a `data.tar.*` member. */
const TAR_FLAG: Record<string, string[]> = {
  'data.tar.xz': ['-J'],
  'data.tar.gz': ['-z'],
  'data.tar.zst': ['--zstd'],
  'data.tar.bz2': ['-j'],
  'data.tar': [],
}

/** Pipes `data` into `tar -x <flags> -f - -C dir`; resolves on its success. */
function untar(data: Uint8Array, flags: string[], dir: string): Promise<void> {
  return new Promise((done, fail) => {
    const tar = spawn('tar', ['-x', ...flags, '-f', '-', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] })
    let err = ''
    tar.stderr.on('data', (d: Buffer) => (err += d.toString()))
    tar.on('error', fail)
    tar.on('close', (code) => (code === 0 ? done() : fail(new Error(`tar exited with ${code}: ${err.trim()}`))))
    tar.stdin.on('error', () => {}) // tar's own exit reports why it stopped reading
    tar.stdin.end(Buffer.from(data.buffer, data.byteOffset, data.byteLength))
  })
}

/**
 * Extracts a `.deb`'s files into `dir` (created): its `data.tar.*` through `tar`, or `dpkg-deb -x` when that
 * fails and dpkg-deb is installed.
 */
export async function extractDeb(deb: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  const bytes = await readFile(deb)
  const data = arMembers(bytes).find((m) => m.name in TAR_FLAG)
  try {
    if (!data) throw new Error(`${deb} holds no data.tar member`)
    await untar(bytes.subarray(data.offset, data.offset + data.size), TAR_FLAG[data.name]!, dir)
  } catch (e) {
    const hasDpkg = spawnSync('sh', ['-c', 'command -v dpkg-deb'], { stdio: 'ignore' }).status === 0
    if (!hasDpkg) throw e
    const r = spawnSync('dpkg-deb', ['-x', deb, dir], { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`${(e as Error).message}; dpkg-deb -x failed too: ${r.stderr.trim()}`)
  }
}

/**
 * Deletes every file under `dir` that is not `.html`, and every link that does not lead to an `.html` file inside
 * `dir`: the indexers read only the HTML, and a package's scripts and styles (many of them links into other
 * packages, broken outside Debian) must not reach the repository's linters and type checker, which walk the
 * working tree. A link between pages stays (`git-doc`'s `index.html` → `git.html`).
 */
export async function keepHtmlOnly(dir: string): Promise<void> {
  const root = await realpath(dir)
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(e.parentPath, e.name)
    if (e.isSymbolicLink()) {
      const target = await realpath(path).catch(() => null)
      const inside = target !== null && target.startsWith(`${root}/`) && (await stat(target)).isFile()
      if (!inside || !e.name.endsWith('.html')) await rm(path)
    } else if (e.isFile() && !e.name.endsWith('.html')) await rm(path)
  }
}

/**
 * A site ready to index: its package fetched, verified and extracted (once; later runs find it in the cache), its
 * HTML alone kept ({@link keepHtmlOnly}), with the count and size of its HTML files.
 * @throws when the package cannot be had, or it has no `root` folder
 */
export async function prepareSite(spec: SiteSpec, log: (line: string) => void = () => {}): Promise<CorpusSite> {
  const tree = join(CACHE_DIR, 'sites', `${spec.package.name}_${spec.package.sha256.slice(0, 12)}`)
  const marker = join(tree, '.html-extracted')
  if (!existsSync(marker)) {
    const deb = await fetchPackage(spec.package, log)
    await rm(tree, { recursive: true, force: true })
    log(`Extracting ${basename(deb)}`)
    await extractDeb(deb, tree)
    await keepHtmlOnly(tree)
    await writeFile(marker, `${spec.package.name} ${spec.package.version} ${spec.package.sha256}\n`)
  }
  const dir = join(tree, spec.root)
  if (!existsSync(dir) || !(await stat(dir)).isDirectory())
    throw new Error(`${spec.name}: ${spec.package.name} ${spec.package.version} has no folder ${spec.root}`)
  const files = await htmlFiles(dir)
  let htmlBytes = 0
  for (const f of files) htmlBytes += (await stat(join(dir, f))).size
  return { ...spec, dir, htmlFiles: files.length, htmlBytes }
}
