import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * No import cycle in `src/`: a module graph without cycles evaluates in one order whatever file is imported first,
 * and a reader can follow it from the leaves up. Every edge counts — `import type`, re-exports and dynamic
 * `import()` included (TypeScript's `preProcessFile`, which skips comments, so a `{@link import('./x')}` is no edge).
 */
const root = resolve(__dirname, '../..')
const src = join(root, 'src')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  const base = resolve(dirname(from), spec)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null
}

/** Strongly connected components of more than one file (Tarjan), each as paths relative to the repository. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(relative(root, w))
      } while (w !== v)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

describe('import graph of src/', () => {
  const files = sources(src)
  const graph = new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
      const targets = importedFiles.map((i) => resolveImport(file, i.fileName)).filter((t): t is string => !!t)
      return [file, targets] as const
    }),
  )

  it('reads the imports it checks (type-only and dynamic ones too)', () => {
    const popup = join(src, 'components/GithubMenu/GithubMenu.tsx')
    expect(graph.get(popup)).toContain(join(src, 'components/GithubMenu/GithubMenuPopup.tsx'))
    const [a, b] = [join(root, 'x/a.ts'), join(root, 'x/b.ts')]
    expect(cycles(new Map([...graph, [a, [b]], [b, [a]]]))).toContainEqual(['x/a.ts', 'x/b.ts'])
  })

  it('has no cycle', () => {
    expect(cycles(graph)).toEqual([])
  })
})
