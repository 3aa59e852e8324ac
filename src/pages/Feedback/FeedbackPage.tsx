import { Box, Card, Container, Heading, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react'
import { Mail } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { FeedbackForm, type FeedbackFormProps } from '../../components/FeedbackForm'
import { Seo } from '../../components/Seo'
import { siteConfig } from '../../config/site'

export interface FeedbackPageProps {
  /** Recipient of the feedback mail and the contact line. @default siteConfig.contactEmail */
  email?: string
  /** Passed to the form (stories capture the mailto URL). @default openInMailApp */
  openUrl?: FeedbackFormProps['openUrl']
}

/** /feedback (SPEC §2 "Feedback", header label Resources): heading, the two-tab feedback form, a contact line. */
export function FeedbackPage({ email = siteConfig.contactEmail, openUrl }: FeedbackPageProps) {
  const { t } = useTranslation('feedback')
  return (
    <Box bgGradient="to-b" gradientFrom="bg.brandSubtle" gradientTo="bg" gradientVia="bg">
      <Container maxW="3xl" py={{ base: '10', md: '16' }}>
        <Seo title={t('seo.title')} description={t('seo.description')} path="/feedback" />
        <Stack gap="3" mb={{ base: '8', md: '10' }}>
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} letterSpacing="tight">
            {t('title')}
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            {t('subtitle')}
          </Text>
        </Stack>
        <Card.Root variant="outline" bg="bg.panel" boxShadow="sm">
          <Card.Body p={{ base: '4', md: '8' }}>
            <FeedbackForm email={email} openUrl={openUrl} />
          </Card.Body>
        </Card.Root>
        <HStack gap="2" align="flex-start" color="fg.muted" fontSize="sm" mt="6" px="1">
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
      </Container>
    </Box>
  )
}
