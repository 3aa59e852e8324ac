import { Container, Heading, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { LocaleButtonLink } from '../../components/LocaleLink'
import { Seo } from '../../components/Seo'

/** 404 page (SPEC §2): "Oops! Page not found", a link home; the unknown path is logged to the console. */
export function NotFoundPage() {
  const { t } = useTranslation('notFound')
  const { pathname } = useLocation()
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])
  return (
    // data-hydrate="load": src/boot.ts hydrates this page at once, so the path is logged without waiting for the visitor.
    <Container data-hydrate="load" maxW="xl" py={{ base: '20', md: '28' }} textAlign="center">
      <Seo title={t('seo.title')} description={t('seo.description')} path="/404" noIndex />
      <Stack gap="5" align="center">
        <Text
          fontSize={{ base: '6xl', md: '7xl' }}
          fontWeight="bold"
          color="brand.fg"
          lineHeight="1"
          aria-hidden="true"
        >
          {t('title')}
        </Text>
        <Heading as="h1" size="2xl">
          {t('message')}
        </Heading>
        <LocaleButtonLink to="/" mt="2">
          {t('backHome')}
        </LocaleButtonLink>
      </Stack>
    </Container>
  )
}
