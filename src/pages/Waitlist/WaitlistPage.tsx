import { Container, Heading } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Seo } from '../../components/Seo'

/** /waitlist page. */
export function WaitlistPage() {
  const { t } = useTranslation('waitlist')
  return (
    <Container maxW="4xl" py={{ base: '14', md: '20' }}>
      <Seo title={t('seo.title')} description={t('seo.description')} path="/waitlist" />
      <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
        {t('title')}
      </Heading>
    </Container>
  )
}
