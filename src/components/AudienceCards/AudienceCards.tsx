import { Box, Card, Container, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react'
import { Accessibility, GraduationCap, Rocket, ShoppingBag, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { SectionHeading } from '../SectionHeading'

/** One audience; copy under `home:audience.items.<key>` (`title`, `text`). */
export interface Audience {
  /** Key of the audience's copy in `home:audience.items`. */
  key: 'founders' | 'ecommerce' | 'universities' | 'accessibility'
  /** Its icon. */
  icon: LucideIcon
}

/** The four audiences of SPEC §2, in order. */
export const AUDIENCES: readonly Audience[] = [
  { key: 'founders', icon: Rocket },
  { key: 'ecommerce', icon: ShoppingBag },
  { key: 'universities', icon: GraduationCap },
  { key: 'accessibility', icon: Accessibility },
]

export interface AudienceCardsProps {
  /** Audiences to show, in order. @default AUDIENCES */
  audiences?: readonly Audience[]
  /** `id` of the section. @default 'who-can-use-it' */
  id?: string
}

/** "Who Can Use It?": one card per audience, as a list (one column on phones, four on wide screens). */
export function AudienceCards({ audiences = AUDIENCES, id = 'who-can-use-it' }: AudienceCardsProps) {
  const { t } = useTranslation('home')
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} py={{ base: '16', md: '24' }}>
      <Container maxW="7xl">
        <SectionHeading
          id={`${id}-title`}
          eyebrow={t('audience.eyebrow')}
          title={t('audience.title')}
          subtitle={t('audience.subtitle')}
        />
        <SimpleGrid
          as="ul"
          listStyleType="none"
          columns={{ base: 1, sm: 2, xl: 4 }}
          gap={{ base: '4', md: '6' }}
          mt={{ base: '10', md: '14' }}
        >
          {audiences.map(({ key, icon: Icon }) => (
            <Card.Root
              as="li"
              key={key}
              data-audience={key}
              variant="outline"
              bg="bg.panel"
              borderRadius="2xl"
              transition="border-color 150ms ease-out, box-shadow 150ms ease-out"
              _hover={{ borderColor: 'brand.solid', boxShadow: 'md' }}
            >
              <Card.Body gap="4" p={{ base: '5', md: '6' }}>
                <Flex
                  boxSize="12"
                  borderRadius="xl"
                  bg="bg.brandSubtle"
                  color="brand.fg"
                  align="center"
                  justify="center"
                >
                  <Icon aria-hidden size={24} />
                </Flex>
                <Heading as="h3" size="lg" letterSpacing="tight">
                  {t(`audience.items.${key}.title`)}
                </Heading>
                <Text color="fg.muted">{t(`audience.items.${key}.text`)}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  )
}
