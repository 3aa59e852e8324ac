import { Box, Card, Container, Grid, Heading, HStack, Icon, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { ArrowLeft, GitBranch, Headset, Mail, MapPin, Rocket, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LocaleLink } from '../../components/LocaleLink'
import { Seo } from '../../components/Seo'
import { WaitlistForm, type WaitlistFormProps } from '../../components/WaitlistForm'
import { EARLY_ACCESS_SPOTS, siteConfig } from '../../config/site'

export interface WaitlistPageProps {
  /** Address of the contact line and the failure message. @default siteConfig.contactEmail */
  email?: string
  /** Passed to the form (stories inject a scripted submitter). @default the real submitter */
  submit?: WaitlistFormProps['submit']
}

/** One stat of the strip under the heading: an icon, a big value and a short label. */
function Stat({ icon, value, label }: { icon: ReactNode; value: string; label: string }) {
  return (
    <HStack as="li" gap="3" align="center" p="4" borderWidth="1px" borderColor="border" borderRadius="l3" bg="bg.panel">
      <Box
        flexShrink={0}
        display="grid"
        placeItems="center"
        boxSize="10"
        borderRadius="full"
        bg="brand.subtle"
        color="brand.fg"
      >
        {icon}
      </Box>
      <Stack gap="0">
        <Text fontWeight="bold" fontSize="lg" lineHeight="short">
          {value}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
      </Stack>
    </HStack>
  )
}

/** One "What You'll Get" benefit. */
function Benefit({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <HStack as="li" align="flex-start" gap="3">
      <Box flexShrink={0} mt="0.5" color="brand.fg">
        {icon}
      </Box>
      <Stack gap="0.5">
        <Text fontWeight="semibold">{title}</Text>
        <Text color="fg.muted" fontSize="sm">
          {description}
        </Text>
      </Stack>
    </HStack>
  )
}

/**
 * /waitlist (SPEC §2 "Waitlist"): back-to-home link, heading, the early-access stats, the application form,
 * What You'll Get, and a contact mailto line. Phone: one column; desktop: form beside the benefits.
 */
export function WaitlistPage({ email = siteConfig.contactEmail, submit }: WaitlistPageProps) {
  const { t } = useTranslation('waitlist')
  return (
    <Box bgGradient="to-b" gradientFrom="bg.brandSubtle" gradientTo="bg" gradientVia="bg">
      <Container maxW="6xl" py={{ base: '8', md: '14' }}>
        <Seo title={t('seo.title')} description={t('seo.description')} path="/waitlist" />
        <LocaleLink to="/" color="fg.muted" fontSize="sm" fontWeight="medium" _hover={{ color: 'brand.fg' }}>
          <ArrowLeft size={16} aria-hidden />
          {t('backToHome')}
        </LocaleLink>
        <Stack gap="3" mt={{ base: '6', md: '8' }} maxW="3xl">
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} letterSpacing="tight">
            {t('title')}
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            {t('subtitle', { spots: EARLY_ACCESS_SPOTS })}
          </Text>
        </Stack>
        <SimpleGrid
          as="ul"
          aria-label={t('stats.label')}
          listStyleType="none"
          columns={{ base: 1, sm: 3 }}
          gap="3"
          mt="8"
        >
          <Stat icon={<Users size={20} aria-hidden />} value={String(EARLY_ACCESS_SPOTS)} label={t('stats.spots')} />
          <Stat icon={<MapPin size={20} aria-hidden />} value={t('stats.india')} label={t('stats.indiaDetail')} />
          <Stat
            icon={<GitBranch size={20} aria-hidden />}
            value={t('stats.openSource')}
            label={t('stats.openSourceDetail')}
          />
        </SimpleGrid>
        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
          gap={{ base: '6', lg: '8' }}
          mt={{ base: '8', md: '10' }}
          alignItems="start"
        >
          <Card.Root
            as="section"
            aria-labelledby="waitlist-form-heading"
            variant="outline"
            bg="bg.panel"
            boxShadow="sm"
          >
            <Card.Body p={{ base: '5', md: '8' }} gap="2">
              <Heading as="h2" id="waitlist-form-heading" size="xl">
                {t('form.heading')}
              </Heading>
              <WaitlistForm submit={submit} contactEmail={email} />
            </Card.Body>
          </Card.Root>
          {/* A section, not an aside: what the trial includes is this page's content (the assistant's page map and
              the site search leave asides out as sidebars). */}
          <Stack gap="6" as="section" aria-labelledby="waitlist-benefits-heading">
            <Card.Root variant="subtle" bg="bg.subtle" borderWidth="1px" borderColor="border">
              <Card.Body p={{ base: '5', md: '6' }} gap="4">
                <Heading as="h2" id="waitlist-benefits-heading" size="lg">
                  {t('benefits.heading')}
                </Heading>
                <Stack as="ul" listStyleType="none" gap="4">
                  <Benefit
                    icon={<Rocket size={20} aria-hidden />}
                    title={t('benefits.trial.title')}
                    description={t('benefits.trial.description')}
                  />
                  <Benefit
                    icon={<Headset size={20} aria-hidden />}
                    title={t('benefits.support.title')}
                    description={t('benefits.support.description')}
                  />
                </Stack>
              </Card.Body>
            </Card.Root>
            <HStack gap="2" align="flex-start" color="fg.muted" fontSize="sm" px="1">
              <Icon as={Mail} boxSize="4" mt="0.5" flexShrink={0} aria-hidden />
              <Text>
                {t('contact.lead')}{' '}
                <Link
                  href={`mailto:${email}`}
                  color="brand.fg"
                  fontWeight="medium"
                  textDecoration="underline"
                  wordBreak="break-all"
                >
                  {email}
                </Link>
              </Text>
            </HStack>
          </Stack>
        </Grid>
      </Container>
    </Box>
  )
}
