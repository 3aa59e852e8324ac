import { describe, expect, it } from 'vitest'
import { MANUAL_INSTALL_HINT, provisionBrowser, type ProvisionEnvironment } from '../../../scripts/chromium'

/** A machine described by what it has; records every command run and every line said. */
function machine(m: {
  system?: string
  playwright?: string
  root?: boolean
  missing?: string[]
  aptWorks?: boolean
  playwrightInstallWorks?: boolean
}) {
  const ran: string[] = []
  const said: string[] = []
  let system = m.system
  let playwright = m.playwright
  let missing = [...(m.missing ?? [])]
  const env: ProvisionEnvironment = {
    find: () => system,
    playwrightBrowser: () => playwright,
    canApt: () => !!m.root,
    missingPackages: () => missing,
    run(cmd, args) {
      ran.push([cmd, ...args].join(' '))
      if (cmd === 'apt-get' && args[0] === 'install') {
        if (!m.aptWorks) return 100
        if (args.includes('chromium')) system = '/usr/bin/chromium'
        missing = missing.filter((p) => !args.includes(p))
      }
      if (cmd === 'npx' && m.playwrightInstallWorks) playwright = '/root/.cache/ms-playwright/chromium/chrome'
      return cmd === 'npx' && !m.playwrightInstallWorks ? 1 : 0
    },
    say: (line) => said.push(line),
  }
  return { env, ran, said }
}

describe('provisionBrowser', () => {
  it('uses a browser that is there and installs nothing', () => {
    const { env, ran } = machine({ system: '/usr/bin/chromium', root: true })
    expect(provisionBrowser(env)).toEqual({ ok: true, path: '/usr/bin/chromium', installed: [] })
    expect(ran).toEqual([])
  })

  it('falls back to Playwright’s own browser when present', () => {
    const { env, ran } = machine({ playwright: '/pw/chrome' })
    expect(provisionBrowser(env)).toMatchObject({ ok: true, path: '/pw/chrome' })
    expect(ran).toEqual([])
  })

  it('as root on Debian: says so, then installs chromium and the baseline fonts with apt-get', () => {
    const { env, ran, said } = machine({ root: true, missing: ['chromium', 'fonts-noto-core'], aptWorks: true })
    expect(provisionBrowser(env)).toEqual({
      ok: true,
      path: '/usr/bin/chromium',
      installed: ['chromium', 'fonts-noto-core'],
    })
    expect(said[0]).toMatch(/Installing chromium and fonts-noto-core with apt-get/)
    expect(ran).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq --no-install-recommends chromium fonts-noto-core',
    ])
  })

  it('with a browser but without the fonts, installs only the fonts', () => {
    const { env, ran } = machine({
      system: '/usr/bin/chromium',
      root: true,
      missing: ['fonts-noto-core'],
      aptWorks: true,
    })
    expect(provisionBrowser(env)).toMatchObject({ ok: true, installed: ['fonts-noto-core'] })
    expect(ran.at(-1)).toBe('apt-get install -y -qq --no-install-recommends fonts-noto-core')
  })

  it('without apt: tries Playwright’s installer', () => {
    const { env, ran } = machine({ playwrightInstallWorks: true })
    expect(provisionBrowser(env)).toMatchObject({ ok: true, path: '/root/.cache/ms-playwright/chromium/chrome' })
    expect(ran).toEqual(['npx playwright install chromium'])
  })

  it('when apt fails and downloads are blocked, stops with the one command to run', () => {
    const { env, ran } = machine({ root: true, missing: ['chromium', 'fonts-noto-core'], aptWorks: false })
    expect(provisionBrowser(env)).toEqual({ ok: false, message: MANUAL_INSTALL_HINT })
    expect(ran).toContain('npx playwright install chromium')
    expect(MANUAL_INSTALL_HINT).toMatch(/Run: sudo apt-get install -y chromium fonts-noto-core/)
  })

  it('a CHROMIUM_PATH that does not exist is reported, not thrown', () => {
    const { env } = machine({})
    env.find = () => {
      throw new Error('CHROMIUM_PATH=/nope does not exist')
    }
    const r = provisionBrowser(env)
    expect(r.ok).toBe(false)
    expect(!r.ok && r.message).toMatch(/CHROMIUM_PATH=\/nope does not exist/)
  })
})
