import { Container, Heading } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Seo } from '../../components/Seo'

/** /feedback page. */
export function FeedbackPage() {
  const { t } = useTranslation('feedback')
  return (
    <Container maxW="4xl" py={{ base: '14', md: '20' }}>
      <Seo title={t('seo.title')} description={t('seo.description')} path="/feedback" />
      <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
        {t('title')}
      </Heading>
    </Container>
  )
}
