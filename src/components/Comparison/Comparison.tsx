import { Box, Container, HStack, Table, Text } from '@chakra-ui/react'
import { CircleCheck, CircleMinus, CircleX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { SectionHeading } from '../SectionHeading'

/** How well a kind of product does something. */
export type ComparisonLevel = 'yes' | 'partial' | 'no'
/** The compared products, in column order; keys of `home:comparison.columns`. */
export const COMPARISON_COLUMNS = ['chatbots', 'accessibility', 'agent'] as const
/** One of the compared products. */
export type ComparisonColumn = (typeof COMPARISON_COLUMNS)[number]

/** One row: a capability (key of `home:comparison.rows`) and each product's level. */
export interface ComparisonRow extends Record<ComparisonColumn, ComparisonLevel> {
  /** Key of the capability's label in `home:comparison.rows`. */
  key: 'speech' | 'answers' | 'acts' | 'handsFree' | 'embed'
}

/** Chatbots vs accessibility tools vs the VoiceOS agent (SPEC §2). */
export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  { key: 'speech', chatbots: 'partial', accessibility: 'partial', agent: 'yes' },
  { key: 'answers', chatbots: 'yes', accessibility: 'no', agent: 'yes' },
  { key: 'acts', chatbots: 'no', accessibility: 'partial', agent: 'yes' },
  { key: 'handsFree', chatbots: 'no', accessibility: 'partial', agent: 'yes' },
  { key: 'embed', chatbots: 'yes', accessibility: 'yes', agent: 'yes' },
]

export interface ComparisonProps {
  /** Rows of the table, in order. @default COMPARISON_ROWS */
  rows?: readonly ComparisonRow[]
  /** `id` of the section. @default 'comparison' */
  id?: string
}

const ICONS = { yes: CircleCheck, partial: CircleMinus, no: CircleX } as const

function Level({ level, highlight }: { level: ComparisonLevel; highlight: boolean }) {
  const { t } = useTranslation('home')
  const Icon = ICONS[level]
  return (
    <HStack gap="2" justify={{ base: 'center', md: 'flex-start' }} data-level={level}>
      <Box color={level === 'yes' ? (highlight ? 'brand.fg' : 'fg.success') : 'fg.muted'} flexShrink={0}>
        <Icon aria-hidden size={20} strokeWidth={level === 'yes' ? 2.25 : 1.75} />
      </Box>
      <Text as="span" srOnly={{ base: true, md: false }} fontWeight={highlight ? 'semibold' : 'normal'}>
        {t(`comparison.levels.${level}`)}
      </Text>
    </HStack>
  )
}

/**
 * "Introducing: Voice OS for Websites": a real `<table>` (caption, column and row headers) so screen
 * readers read each capability with every product's answer, in order. On phones the level words are
 * visually hidden behind their icons but still read.
 */
export function Comparison({ rows = COMPARISON_ROWS, id = 'comparison' }: ComparisonProps) {
  const { t } = useTranslation('home')
  const highlight = { bg: 'bg.brandSubtle' } as const
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} py={{ base: '16', md: '24' }}>
      <Container maxW="5xl">
        <SectionHeading
          id={`${id}-title`}
          eyebrow={t('comparison.eyebrow')}
          title={t('comparison.title')}
          subtitle={t('comparison.subtitle')}
        />
        <Box
          mt={{ base: '10', md: '14' }}
          borderWidth="1px"
          borderColor="border"
          borderRadius="2xl"
          overflow="hidden"
          bg="bg.panel"
        >
          <Table.Root
            size={{ base: 'sm', md: 'lg' }}
            css={{ tableLayout: 'fixed', hyphens: 'auto', overflowWrap: 'normal' }}
          >
            <Table.Caption srOnly>{t('comparison.caption')}</Table.Caption>
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader
                  scope="col"
                  w={{ base: '31%', md: '40%' }}
                  px={{ base: '2', md: '6' }}
                  fontSize={{ base: 'xs', md: 'sm' }}
                  color="fg.muted"
                  fontWeight="semibold"
                >
                  {t('comparison.capability')}
                </Table.ColumnHeader>
                {COMPARISON_COLUMNS.map((c) => (
                  <Table.ColumnHeader
                    key={c}
                    scope="col"
                    textAlign={{ base: 'center', md: 'start' }}
                    px={{ base: '1.5', md: '6' }}
                    fontSize={{ base: 'xs', md: 'sm' }}
                    fontWeight="bold"
                    color={c === 'agent' ? 'brand.fg' : 'fg'}
                    {...(c === 'agent' ? highlight : {})}
                  >
                    {t(`comparison.columns.${c}`)}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.key} data-row={row.key} bg="transparent">
                  <Table.Cell
                    as="th"
                    scope="row"
                    px={{ base: '2', md: '6' }}
                    fontSize={{ base: 'sm', md: 'md' }}
                    fontWeight="medium"
                    color="fg"
                    textAlign="start"
                  >
                    {t(`comparison.rows.${row.key}`)}
                  </Table.Cell>
                  {COMPARISON_COLUMNS.map((c) => (
                    <Table.Cell key={c} {...(c === 'agent' ? highlight : {})}>
                      <Level level={row[c]} highlight={c === 'agent'} />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Container>
    </Box>
  )
}
