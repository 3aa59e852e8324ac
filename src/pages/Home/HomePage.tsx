import { useTranslation } from 'react-i18next'
import { AudienceCards } from '../../components/AudienceCards'
import { Closing } from '../../components/Closing'
import { CommandDemo } from '../../components/CommandDemo'
import { Comparison } from '../../components/Comparison'
import { EarlyAccess } from '../../components/EarlyAccess'
import { ExitIntentPopup, type ExitIntentPopupProps } from '../../components/ExitIntentPopup'
import { Hero } from '../../components/Hero'
import { OpenSource } from '../../components/OpenSource'
import { Seo } from '../../components/Seo'

/** Section ids of the landing page, in order (scroll targets for in-page links and voice commands). */
export const HOME_SECTION_IDS = ['hero', 'how-it-works', 'comparison', 'open-source', 'who-can-use-it', 'early-access', 'get-started'] as const

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
      <Hero />
      <CommandDemo />
      <Comparison />
      <OpenSource />
      <AudienceCards />
      <EarlyAccess />
      <Closing />
      <ExitIntentPopup {...exitIntent} />
    </>
  )
}
