import { Container, Heading, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Seo } from '../../components/Seo'

/** Landing page (SPEC §2 "Landing page"). */
export function HomePage() {
  const { t } = useTranslation('home')
  return (
    <Container maxW="6xl" py={{ base: '16', md: '24' }}>
      <Seo title={t('seo.title')} description={t('seo.description')} path="/" />
      <Heading as="h1" size={{ base: '4xl', md: '6xl' }} letterSpacing="tight">
        {t('hero.title')}
      </Heading>
      <Text mt="6" fontSize="xl" color="fg.muted">
        {t('hero.subtitle')}
      </Text>
    </Container>
  )
}
