import { Heading, Stack, Text } from '@chakra-ui/react'

export interface SectionHeadingProps {
  /** `id` of the heading; the section points its `aria-labelledby` at it. */
  id: string
  /** The section's title (an `h2`). */
  title: string
  /** Short label above the title. */
  eyebrow?: string
  /** One or two sentences under the title. */
  subtitle?: string
  /** Text alignment. @default 'center' */
  align?: 'center' | 'start'
}

/** Eyebrow, `h2` and subtitle of a landing-page section, in one consistent style. */
export function SectionHeading({ id, title, eyebrow, subtitle, align = 'center' }: SectionHeadingProps) {
  const center = align === 'center'
  return (
    <Stack
      gap="3"
      textAlign={center ? 'center' : 'start'}
      align={center ? 'center' : 'flex-start'}
      maxW="3xl"
      mx={center ? 'auto' : undefined}
    >
      {eyebrow ? (
        <Text fontSize="sm" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="brand.fg">
          {eyebrow}
        </Text>
      ) : null}
      <Heading as="h2" id={id} size={{ base: '3xl', md: '4xl' }} letterSpacing="tight" textWrap="balance">
        {title}
      </Heading>
      {subtitle ? (
        <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" textWrap="pretty">
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  )
}
