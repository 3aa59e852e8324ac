import { Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { LocaleButtonLink } from '../../components/LocaleLink'
import { PricingCard } from '../../components/PricingCard'
import { EARLY_ACCESS_SPOTS, siteConfig } from '../../config/site'

export interface PricingContentProps {
  /** Address behind Contact Sales. @default siteConfig.contactEmail */
  email?: string
}

/** What /pricing shows (SPEC §2 "Pricing"): heading, three plans without prices, and Join the Waitlist. */
export function PricingContent({ email = siteConfig.contactEmail }: PricingContentProps) {
  const { t } = useTranslation('pricing')
  return (
    <Container maxW="6xl" py={{ base: '14', md: '20' }}>
      <Stack gap="4" textAlign="center" align="center" mb={{ base: '10', md: '14' }}>
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }} letterSpacing="tight">
          {t('title')}
        </Heading>
        <Text color="fg.muted" fontSize="lg" maxW="2xl">
          {t('subtitle', { spots: EARLY_ACCESS_SPOTS })}
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" as="ul" listStyleType="none">
        <li>
          <PricingCard {...plan(t, 'community')} />
        </li>
        <li>
          <PricingCard {...plan(t, 'pro')} featured />
        </li>
        <li>
          <PricingCard
            {...plan(t, 'enterprise')}
            href={`mailto:${email}?subject=${encodeURIComponent('Enterprise')}`}
          />
        </li>
      </SimpleGrid>
      <Stack align="center" mt={{ base: '10', md: '14' }}>
        <LocaleButtonLink to="/waitlist" size="lg">
          {t('joinWaitlist')}
        </LocaleButtonLink>
      </Stack>
    </Container>
  )
}

type PlanKey = 'community' | 'pro' | 'enterprise'
function plan(t: ReturnType<typeof useTranslation<'pricing'>>['t'], key: PlanKey) {
  return {
    name: t(`plans.${key}.name`),
    price: t(`plans.${key}.price`),
    description: t(`plans.${key}.description`),
    cta: t(`plans.${key}.cta`),
  }
}
