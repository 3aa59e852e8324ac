import { Box, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { ArrowRight, Gift, Headset, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EARLY_ACCESS_SPOTS } from '../../config/site'
import { LocaleButtonLink } from '../LocaleLink'

/** Early-access benefits (SPEC §2), keys of `home:earlyAccess.benefits`. */
export const EARLY_ACCESS_BENEFITS: ReadonlyArray<{ key: 'embed' | 'support'; icon: LucideIcon }> = [
  { key: 'embed', icon: Gift },
  { key: 'support', icon: Headset },
]

export interface EarlyAccessProps {
  /** Number of early-access spots in the headline and the counter. @default EARLY_ACCESS_SPOTS (200) */
  spots?: number
  /** `id` of the section. @default 'early-access' */
  id?: string
}

/** Early-access offer: "Be Among the First 200 Sites…", the two benefits and Apply For Free Trial (→ /waitlist). */
export function EarlyAccess({ spots = EARLY_ACCESS_SPOTS, id = 'early-access' }: EarlyAccessProps) {
  const { t, i18n } = useTranslation('home')
  const count = new Intl.NumberFormat(i18n.language).format(spots)
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} py={{ base: '12', md: '20' }}>
      <Container maxW="6xl">
        <Box
          position="relative"
          overflow="hidden"
          borderRadius="3xl"
          borderWidth="1px"
          borderColor="brand.emphasized"
          bg="bg.brandSubtle"
          px={{ base: '6', md: '12' }}
          py={{ base: '10', md: '14' }}
        >
          <Box
            aria-hidden="true"
            position="absolute"
            inset="0"
            pointerEvents="none"
            bgImage="radial-gradient(50% 80% at 100% 0%, rgba(139, 92, 246, 0.18), transparent 70%)"
          />
          <SimpleGrid
            position="relative"
            columns={{ base: 1, md: 5 }}
            gap={{ base: '8', md: '12' }}
            alignItems="center"
          >
            <Stack gap="6" gridColumn={{ md: 'span 3' }} align="flex-start">
              <Text
                fontSize="sm"
                fontWeight="semibold"
                letterSpacing="wider"
                textTransform="uppercase"
                color="brand.fg"
              >
                {t('earlyAccess.eyebrow')}
              </Text>
              <Heading
                as="h2"
                id={`${id}-title`}
                size={{ base: '3xl', md: '4xl' }}
                letterSpacing="tight"
                textWrap="balance"
              >
                {t('earlyAccess.title', { spots: count })}
              </Heading>
              <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
                {t('earlyAccess.subtitle')}
              </Text>
              <Stack as="ul" listStyleType="none" gap="3" aria-label={t('earlyAccess.benefitsLabel')}>
                {EARLY_ACCESS_BENEFITS.map(({ key, icon: Icon }) => (
                  <HStack as="li" key={key} gap="3">
                    <Flex
                      boxSize="8"
                      borderRadius="full"
                      bg="brand.solid"
                      color="brand.contrast"
                      align="center"
                      justify="center"
                      flexShrink={0}
                    >
                      <Icon aria-hidden size={16} />
                    </Flex>
                    <Text fontWeight="semibold">{t(`earlyAccess.benefits.${key}`)}</Text>
                  </HStack>
                ))}
              </Stack>
              <LocaleButtonLink
                to="/waitlist"
                size="xl"
                id="early-access-apply"
                mt="2"
                w={{ base: 'full', sm: 'auto' }}
              >
                {t('earlyAccess.apply')}
                <ArrowRight aria-hidden />
              </LocaleButtonLink>
            </Stack>
            <Flex gridColumn={{ md: 'span 2' }} justify="center" aria-hidden="true">
              <Flex
                direction="column"
                align="center"
                justify="center"
                boxSize={{ base: '44', md: '56' }}
                borderRadius="full"
                bg="bg.panel"
                borderWidth="1px"
                borderColor="brand.emphasized"
                boxShadow="0 0 0 12px var(--chakra-colors-brand-muted), 0 24px 48px -24px rgba(76, 29, 149, 0.45)"
              >
                <Text
                  fontSize={{ base: '5xl', md: '6xl' }}
                  fontWeight="extrabold"
                  lineHeight="1"
                  color="brand.fg"
                  fontVariantNumeric="tabular-nums"
                >
                  {t('earlyAccess.spots', { spots: count })}
                </Text>
                <Text mt="2" fontSize="sm" fontWeight="medium" color="fg.muted" textAlign="center" px="6">
                  {t('earlyAccess.spotsLabel')}
                </Text>
              </Flex>
            </Flex>
          </SimpleGrid>
        </Box>
      </Container>
    </Box>
  )
}
