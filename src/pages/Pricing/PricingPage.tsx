import { useTranslation } from 'react-i18next'
import { createIsland } from '../../components/Deferred'
import { Seo } from '../../components/Seo'
import type { PricingContentProps } from './PricingContent'

export type PricingPageProps = PricingContentProps

// Nothing on this page has behaviour of its own (links only): a pre-rendered visit hydrates none of it.
const PricingContent = createIsland('pricing', () => import('./PricingContent').then((m) => m.PricingContent))

/** Pricing teaser (SPEC §2 "Pricing"): three plans without prices, and Join the Waitlist; an island. */
export function PricingPage(props: PricingPageProps) {
  const { t } = useTranslation('pricing')
  return (
    <>
      <Seo title={t('seo.title')} description={t('seo.description')} path="/pricing" />
      <PricingContent {...props} />
    </>
  )
}
