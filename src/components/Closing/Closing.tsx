import { Box, Container, Flex, Heading, Text } from '@chakra-ui/react'
import { ArrowRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { GithubMenu } from '../GithubMenu'
import { LogoMark } from '../Logo'
import { LocaleButtonLink } from '../LocaleLink'

export interface ClosingProps {
  /** `id` of the section. @default 'get-started' */
  id?: string
}

/** Closing call to action (SPEC §2): "Let's Make the Web Agentic. Together.", Join the Waitlist (→ /waitlist), Follow on GitHub (disabled Coming Soon). */
export function Closing({ id = 'get-started' }: ClosingProps) {
  const { t } = useTranslation('home')
  const { t: tc } = useTranslation()
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={`${id}-title`}
      py={{ base: '16', md: '24' }}
      bg="bg.subtle"
      borderTopWidth="1px"
      borderColor="border"
    >
      <Container maxW="3xl" textAlign="center">
        <Flex justify="center" color="brand.solid" css={{ '--logo-inner': 'colors.brand.contrast' }}>
          <LogoMark size={48} />
        </Flex>
        <Heading
          as="h2"
          id={`${id}-title`}
          mt="6"
          fontSize={{ base: '3xl', md: '5xl' }}
          lineHeight="1.1"
          letterSpacing="tight"
          textWrap="balance"
        >
          {t('closing.title')}
        </Heading>
        <Text mt="5" fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" textWrap="pretty">
          {t('closing.subtitle')}
        </Text>
        <Flex mt="9" gap="3" justify="center" direction={{ base: 'column', sm: 'row' }}>
          <LocaleButtonLink to="/waitlist" size="xl" id="join-waitlist">
            {t('closing.joinWaitlist')}
            <ArrowRight aria-hidden />
          </LocaleButtonLink>
          <GithubMenu label={tc('github.follow')} size="xl" />
        </Flex>
      </Container>
    </Box>
  )
}
