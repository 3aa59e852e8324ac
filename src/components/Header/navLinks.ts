/** The header's real navigation (SPEC §2): Home, Pricing, Resources (→ /feedback). */
export const NAV_LINKS = [
  { key: 'home', to: '/' },
  { key: 'pricing', to: '/pricing' },
  { key: 'resources', to: '/feedback' },
] as const
