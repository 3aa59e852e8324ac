/**
 * The build's script hand-off (scripts/postbuild.ts `deferBootUntilPainted`): module scripts wait for the first
 * paint, and readers of the built page (scripts/chunks.ts) still see the same scripts.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { pageScripts } from '../../../scripts/chunks'
import { BOOT_TEMPLATE_ID, deferBootUntilPainted } from '../../../scripts/postbuild'

const built =
  '<!DOCTYPE html><html><head><meta charset="UTF-8"><script type="module" async="" crossorigin="" src="/assets/app-1.js"></script>' +
  '<link rel="modulepreload" crossorigin="" href="/assets/react-2.js"><link rel="modulepreload" crossorigin="" href="/assets/Home-3.js"></head>' +
  '<body><div id="root">page</div><script>window.__data = 1</script></body></html>'

afterEach(() => {
  delete process.env.SITE_BOOT
})

describe('deferBootUntilPainted', () => {
  it('moves every module tag, unchanged, into an inert template at the end of body, followed by the boot script', () => {
    const out = deferBootUntilPainted(built)
    const head = out.slice(0, out.indexOf('</head>'))
    expect(head).not.toMatch(/modulepreload|type="module"/)
    const template = new RegExp(`<template id="${BOOT_TEMPLATE_ID}">([\\s\\S]*?)</template><script>([\\s\\S]*?)</script></body>`).exec(out)
    expect(template).not.toBeNull()
    expect(template![1]).toBe(
      '<link rel="modulepreload" crossorigin="" href="/assets/react-2.js"><link rel="modulepreload" crossorigin="" href="/assets/Home-3.js">' +
        '<script type="module" async="" crossorigin="" src="/assets/app-1.js"></script>',
    )
    expect(template![2]).toContain(`getElementById('${BOOT_TEMPLATE_ID}')`)
    expect(template![2]).toContain("'first-contentful-paint'")
    // The page's own inline data script still runs before the boot.
    expect(out.indexOf('window.__data')).toBeLessThan(out.indexOf(`<template id="${BOOT_TEMPLATE_ID}"`))
    expect(pageScripts(out)).toEqual(pageScripts(built))
  })

  it('leaves a page without module scripts, or every page with SITE_BOOT=eager, as it is', () => {
    const plain = '<!DOCTYPE html><html><head></head><body><p>404</p></body></html>'
    expect(deferBootUntilPainted(plain)).toBe(plain)
    process.env.SITE_BOOT = 'eager'
    expect(deferBootUntilPainted(built)).toBe(built)
  })
})
