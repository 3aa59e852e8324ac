import { Box, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Blocks, Eye, Server, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { GithubMenu } from '../GithubMenu'
import { GithubIcon } from '../Logo'
import { SectionHeading } from '../SectionHeading'

/** One open-source promise; copy under `home:openSource.points.<key>` (`title`, `text`). */
export interface OpenSourcePoint {
  /** Key of the point's copy in `home:openSource.points`. */
  key: 'audit' | 'selfHost' | 'extend'
  /** Its icon. */
  icon: LucideIcon
}

/** The three points shown beside the GitHub menu. */
export const OPEN_SOURCE_POINTS: readonly OpenSourcePoint[] = [
  { key: 'audit', icon: Eye },
  { key: 'selfHost', icon: Server },
  { key: 'extend', icon: Blocks },
]

export interface OpenSourceProps {
  /** Points to list, in order. @default OPEN_SOURCE_POINTS */
  points?: readonly OpenSourcePoint[]
  /** `id` of the section. @default 'open-source' */
  id?: string
}

/** Open-source section (SPEC §2): why it will be open, and a "Star us on GitHub" menu whose only item is a disabled Coming Soon. */
export function OpenSource({ points = OPEN_SOURCE_POINTS, id = 'open-source' }: OpenSourceProps) {
  const { t } = useTranslation('home')
  const { t: tc } = useTranslation()
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={`${id}-title`}
      py={{ base: '16', md: '24' }}
      bg="bg.subtle"
      borderYWidth="1px"
      borderColor="border"
    >
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '10', lg: '16' }} alignItems="center">
          <Stack gap="8" align="flex-start">
            <Flex boxSize="14" borderRadius="2xl" bg="fg" color="bg" align="center" justify="center" aria-hidden="true">
              <GithubIcon width={28} height={28} />
            </Flex>
            <SectionHeading
              id={`${id}-title`}
              align="start"
              eyebrow={t('openSource.eyebrow')}
              title={t('openSource.title')}
              subtitle={t('openSource.subtitle')}
            />
            <GithubMenu label={tc('github.star')} variant="solid" size="lg" />
          </Stack>
          <Stack as="ul" listStyleType="none" gap="4">
            {points.map(({ key, icon: Icon }) => (
              <Flex
                as="li"
                key={key}
                gap="4"
                p={{ base: '5', md: '6' }}
                borderWidth="1px"
                borderColor="border"
                borderRadius="2xl"
                bg="bg.panel"
              >
                <Flex
                  boxSize="10"
                  borderRadius="lg"
                  bg="bg.brandSubtle"
                  color="brand.fg"
                  align="center"
                  justify="center"
                  flexShrink={0}
                >
                  <Icon aria-hidden size={20} />
                </Flex>
                <Stack gap="1">
                  <Heading as="h3" size="md">
                    {t(`openSource.points.${key}.title`)}
                  </Heading>
                  <Text color="fg.muted">{t(`openSource.points.${key}.text`)}</Text>
                </Stack>
              </Flex>
            ))}
          </Stack>
        </SimpleGrid>
      </Container>
    </Box>
  )
}
