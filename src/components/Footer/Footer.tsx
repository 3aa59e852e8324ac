import { Box, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { Mail } from 'lucide-react'
import { Link as RouterLink } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { COPYRIGHT_YEAR, siteConfig } from '../../config/site'
import { useLanguage } from '../../hooks/useLanguage'
import { GithubMenu } from '../GithubMenu'
import { NAV_LINKS } from '../Header/Header'
import { Logo } from '../Logo'

export interface FooterProps {
  /** Info address for the mailto link. @default siteConfig.contactEmail */
  email?: string
}

/** Site footer (SPEC §2): logo → home, tagline, GitHub menu (disabled Coming Soon), mailto, © 2024 line. */
export function Footer({ email = siteConfig.contactEmail }: FooterProps) {
  const { t } = useTranslation()
  const { to } = useLanguage()
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border" bg="bg.subtle" mt="auto">
      <Container maxW="7xl" py={{ base: '10', md: '12' }}>
        <Flex direction={{ base: 'column', md: 'row' }} gap="8" justify="space-between">
          <Stack gap="3" maxW="sm">
            <Link asChild aria-label={t('brand.logoLabel')} alignSelf="flex-start" _hover={{ textDecoration: 'none' }}>
              <RouterLink to={to('/')}>
                <Logo name={t('brand.name')} />
              </RouterLink>
            </Link>
            <Text color="fg.muted">{t('brand.tagline')}</Text>
          </Stack>
          <Stack gap="4" align={{ base: 'flex-start', md: 'flex-end' }}>
            <Box as="nav" aria-label={t('footer.nav')}>
              <HStack as="ul" gap="5" listStyleType="none" flexWrap="wrap">
                {NAV_LINKS.map((l) => (
                  <li key={l.key}>
                    <Link asChild color="fg.muted" _hover={{ color: 'fg' }}>
                      <RouterLink to={to(l.to)}>{t(`nav.${l.key}`)}</RouterLink>
                    </Link>
                  </li>
                ))}
              </HStack>
            </Box>
            <HStack gap="3" flexWrap="wrap">
              <GithubMenu label={t('footer.github')} size="sm" />
              <Link
                href={`mailto:${email}`}
                color="brand.fg"
                fontWeight="medium"
                display="inline-flex"
                gap="2"
                alignItems="center"
              >
                <Mail aria-hidden size={16} />
                {email}
              </Link>
            </HStack>
          </Stack>
        </Flex>
        <Text mt="10" pt="6" borderTopWidth="1px" borderColor="border" fontSize="sm" color="fg.muted">
          {t('footer.copyright', { year: COPYRIGHT_YEAR })}
        </Text>
      </Container>
    </Box>
  )
}
