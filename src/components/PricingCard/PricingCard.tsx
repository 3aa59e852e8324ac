import { Badge, Button, Card, Link, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface PricingCardProps {
  /** Plan name, e.g. "Community". Rendered as a level-2 heading. */
  name: string
  /** Price line, e.g. "Free" or "Coming Soon" (SPEC: no amounts are set yet). */
  price: string
  /** One-sentence audience description. */
  description: string
  /** Call to action label. */
  cta: string
  /** `mailto:` or URL for the call to action; without it the action is a disabled button. */
  href?: string
  /** Highlights the card (brand border and a badge). @default false */
  featured?: boolean
  /** Badge text shown on a featured card. */
  badge?: ReactNode
}

/**
 * One plan of the pricing teaser: name, price, audience and a call to action that is either a link
 * (Contact Sales) or a disabled button (Open Source Soon, Coming Soon).
 */
export function PricingCard({ name, price, description, cta, href, featured = false, badge }: PricingCardProps) {
  const headingId = `plan-${name.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      variant="outline"
      borderColor={featured ? 'brand.solid' : 'border'}
      borderWidth={featured ? '2px' : '1px'}
      bg="bg.panel"
      h="full"
    >
      <Card.Header gap="2">
        {featured && badge ? (
          <Badge alignSelf="flex-start" colorPalette="brand" variant="subtle">
            {badge}
          </Badge>
        ) : null}
        <Card.Title as="h2" id={headingId} fontSize="xl">
          {name}
        </Card.Title>
        <Text fontSize="3xl" fontWeight="bold" letterSpacing="tight">
          {price}
        </Text>
      </Card.Header>
      <Card.Body>
        <Card.Description color="fg.muted" fontSize="md">
          {description}
        </Card.Description>
      </Card.Body>
      <Card.Footer>
        {href ? (
          <Button asChild w="full" variant={featured ? 'solid' : 'outline'}>
            <Link href={href} _hover={{ textDecoration: 'none' }}>
              {cta}
            </Link>
          </Button>
        ) : (
          <Button w="full" variant="outline" disabled>
            {cta}
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  )
}
