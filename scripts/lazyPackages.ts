/**
 * An esbuild plugin for the published CLI (scripts/package.ts): packages that cannot be bundled into one
 * JavaScript file — native addons such as DuckDB (`@duckdb/node-api`, a `.node` binary per platform) — are left
 * out, and each import of them is answered by a small module that loads the real package from the site owner's
 * `node_modules` on first use. The CLI then starts without them (`npx voiceos --help`, `create`, `index`), and
 * only a command that uses one says what to install.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'esbuild'

/** Packages the CLI loads lazily instead of bundling. */
export const LAZY_PACKAGES: readonly string[] = ['@duckdb/node-api']

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/**
 * The source of the module standing for `id`, from the real module's exports read at build time (`real`): each
 * function or object export loads `id` on first use; a primitive export (a string, a number) is the build's value.
 */
export function lazyModuleSource(id: string, version: string, real: Record<string, unknown>): string {
  const exports = Object.keys(real).filter((n) => IDENTIFIER.test(n) && n !== 'default')
  const value = (n: string) => {
    const v = real[n]
    return (typeof v === 'object' && v !== null) || typeof v === 'function'
      ? `lazy(${JSON.stringify(n)})`
      : v === undefined
        ? 'undefined'
        : typeof v === 'bigint'
          ? `${v}n`
          : JSON.stringify(v)
  }
  return `import { createRequire } from 'node:module'
let real
const load = () => {
  if (real) return real
  try {
    real = createRequire(import.meta.url)(${JSON.stringify(id)})
  } catch (error) {
    throw new Error(${JSON.stringify(`This command needs ${id}, a native module the voiceos package does not bundle. Install it beside voiceos: npm install ${id}@${version}`)}, { cause: error })
  }
  return real
}
const lazy = (name) =>
  new Proxy(function () {}, {
    get: (_t, key) => {
      const target = load()[name]
      const value = Reflect.get(target, key)
      return typeof value === 'function' ? value.bind(target) : value
    },
    has: (_t, key) => Reflect.has(load()[name], key),
    construct: (_t, args) => Reflect.construct(load()[name], args),
    apply: (_t, self, args) => Reflect.apply(load()[name], self, args),
  })
${exports.map((n) => `export const ${n} = ${value(n)}`).join('\n')}
export default new Proxy({}, { get: (_t, key) => Reflect.get(load(), key) })
`
}

/** The plugin: `packages` resolved from each importer, their export names read at build time. */
export function lazyPackages(packages: readonly string[] = LAZY_PACKAGES): Plugin {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const filter = new RegExp(`^(?:${packages.map(escape).join('|')})$`)
  return {
    name: 'voiceos-lazy-packages',
    setup(build) {
      build.onResolve({ filter }, (args) => ({
        path: args.path,
        namespace: 'voiceos-lazy',
        pluginData: { from: args.resolveDir },
      }))
      build.onLoad({ filter: /.*/, namespace: 'voiceos-lazy' }, (args) => {
        const require = createRequire(join((args.pluginData as { from: string }).from, 'noop.js'))
        const mod = require(args.path) as Record<string, unknown>
        const manifest = join(dirname(require.resolve(args.path)), '..', 'package.json')
        let version = 'latest'
        try {
          version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version ?? version
        } catch {
          // a package laid out otherwise: the message names no version
        }
        return { contents: lazyModuleSource(args.path, version, mod), loader: 'js' }
      })
    },
  }
}
