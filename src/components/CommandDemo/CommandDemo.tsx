import { Box, Card, Container, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { ArrowDown, Lightbulb, Mic, MousePointerClick, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { SectionHeading } from '../SectionHeading'

/** One example command: its copy lives under `home:commands.items.<key>` (`say`, `result`). */
export interface CommandDemoItem {
  /** Key of the command's copy in `home:commands.items`. */
  key: 'scrollDown' | 'businessHelp' | 'watchDemo'
  /** Icon of what the site does. */
  icon: LucideIcon
}

/** The three example commands of SPEC §2, in order. */
export const DEMO_COMMANDS: readonly CommandDemoItem[] = [
  { key: 'scrollDown', icon: ArrowDown },
  { key: 'businessHelp', icon: Lightbulb },
  { key: 'watchDemo', icon: MousePointerClick },
]

export interface CommandDemoProps {
  /** Commands to show, in order. @default DEMO_COMMANDS */
  commands?: readonly CommandDemoItem[]
  /** `id` of the section. @default 'how-it-works' */
  id?: string
}

/** "Talk to Your Website. It Responds.": example commands, each with what the site does (an ordered list). */
export function CommandDemo({ commands = DEMO_COMMANDS, id = 'how-it-works' }: CommandDemoProps) {
  const { t } = useTranslation('home')
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
        <SectionHeading
          id={`${id}-title`}
          eyebrow={t('commands.eyebrow')}
          title={t('commands.title')}
          subtitle={t('commands.subtitle')}
        />
        <SimpleGrid
          as="ol"
          listStyleType="none"
          columns={{ base: 1, md: 3 }}
          gap={{ base: '5', md: '6' }}
          mt={{ base: '10', md: '14' }}
        >
          {commands.map(({ key, icon: Icon }, i) => (
            <Card.Root
              as="li"
              key={key}
              data-command={key}
              variant="outline"
              bg="bg.panel"
              borderRadius="2xl"
              overflow="hidden"
            >
              <Card.Body gap="5" p={{ base: '5', md: '6' }}>
                <HStack justify="space-between">
                  <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
                    {t('commands.youSay')}
                  </Text>
                  <Text
                    aria-hidden="true"
                    fontSize="sm"
                    fontWeight="bold"
                    color="brand.fg"
                    fontVariantNumeric="tabular-nums"
                  >
                    0{i + 1}
                  </Text>
                </HStack>
                <HStack gap="3" align="flex-start" px="4" py="3" borderRadius="xl" bg="bg.brandSubtle">
                  <Box color="brand.fg" mt="0.5" flexShrink={0}>
                    <Mic aria-hidden size={18} />
                  </Box>
                  <Text as="q" fontWeight="semibold" fontSize="lg" color="fg" css={{ quotes: '"“" "”"' }}>
                    {t(`commands.items.${key}.say`)}
                  </Text>
                </HStack>
                <Stack gap="2">
                  <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
                    {t('commands.itDoes')}
                  </Text>
                  <Flex gap="3" align="flex-start">
                    <Flex
                      boxSize="9"
                      borderRadius="lg"
                      bg="brand.solid"
                      color="brand.contrast"
                      align="center"
                      justify="center"
                      flexShrink={0}
                    >
                      <Icon aria-hidden size={18} />
                    </Flex>
                    <Text color="fg" pt="1.5">
                      {t(`commands.items.${key}.result`)}
                    </Text>
                  </Flex>
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  )
}
