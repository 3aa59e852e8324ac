import { Box } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Closing } from '../../components/Closing'
import { createIsland } from '../../components/Deferred'
import { ExitIntentPopup, type ExitIntentPopupProps } from '../../components/ExitIntentPopup'
import { OpenSource } from '../../components/OpenSource'
import { Seo } from '../../components/Seo'

// Sections without behaviour of their own are islands: a pre-rendered page keeps their HTML and never
// downloads their code (their links navigate through useIslandLinks). OpenSource and Closing hold the
// GitHub menu, so they hydrate.
const Hero = createIsland('hero', () => import('../../components/Hero').then((m) => m.Hero))
const CommandDemo = createIsland('command-demo', () =>
  import('../../components/CommandDemo').then((m) => m.CommandDemo),
)
const Comparison = createIsland('comparison', () => import('../../components/Comparison').then((m) => m.Comparison))
const AudienceCards = createIsland('audience-cards', () =>
  import('../../components/AudienceCards').then((m) => m.AudienceCards),
)
const EarlyAccess = createIsland('early-access', () =>
  import('../../components/EarlyAccess').then((m) => m.EarlyAccess),
)

/** Section ids of the landing page, in order (scroll targets for in-page links and voice commands). */
export const HOME_SECTION_IDS = [
  'hero',
  'how-it-works',
  'comparison',
  'open-source',
  'who-can-use-it',
  'early-access',
  'get-started',
] as const

/**
 * Sections after the hero are rendered lazily by the browser (`content-visibility: auto`): until one comes near
 * the viewport its style, layout and paint are skipped, which on a phone is most of the page's first layout. It
 * stays in the accessibility tree and find-in-page. `contain-intrinsic-size: auto …` holds an estimated height
 * until the section has rendered once, then its real one.
 */
const LAZY_SECTIONS = {
  '& section:not(#hero)': { contentVisibility: 'auto', containIntrinsicSize: 'auto 48rem' },
} as const

export interface HomePageProps {
  /** Options of the exit-intent popup (stories pass their own storage and key). @default sessionStorage */
  exitIntent?: ExitIntentPopupProps
}

/** Landing page (SPEC §2 "Landing page"): the seven sections in order, plus the exit-intent popup. */
export function HomePage({ exitIntent }: HomePageProps = {}) {
  const { t } = useTranslation('home')
  return (
    <>
      <Seo title={t('seo.title')} description={t('seo.description')} path="/" />
      <Box css={LAZY_SECTIONS}>
        <Hero />
        <CommandDemo />
        <Comparison />
        <OpenSource />
        <AudienceCards />
        <EarlyAccess />
        <Closing />
      </Box>
      <ExitIntentPopup {...exitIntent} />
    </>
  )
}
