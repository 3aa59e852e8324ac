import { Badge, Box, Button, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { ArrowRight, AudioLines, Check, CirclePlay, ExternalLink, MapPin, Mic } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { siteConfig } from '../../config/site'
import { LocaleButtonLink } from '../LocaleLink'

/** `id` of the Watch Demo link: the voice command "click on watch demo" targets it. */
export const WATCH_DEMO_ID = 'watch-demo'

export interface HeroProps {
  /** External demo video that Watch Demo opens in a new tab. @default siteConfig.demoVideoUrl */
  demoVideoUrl?: string
  /** `id` of the section (scroll target, in-page links). @default 'hero' */
  id?: string
}

/** Heights (px) of the decorative waveform bars in the preview card. */
const BARS = [10, 18, 28, 16, 34, 22, 40, 26, 14, 30, 20, 36, 18, 12, 24, 32, 16, 10]

/** Decorative preview of a voice exchange: hidden from assistive tech (the copy says the same). */
function VoicePreview() {
  const { t } = useTranslation('home')
  return (
    <Box
      aria-hidden="true"
      position="relative"
      borderWidth="1px"
      borderColor="border"
      borderRadius="2xl"
      bg="bg.panel"
      boxShadow="0 24px 60px -24px rgba(76, 29, 149, 0.35)"
      p={{ base: '5', md: '6' }}
      w="full"
      maxW="md"
      mx="auto"
    >
      <HStack gap="3">
        <Flex
          boxSize="11"
          borderRadius="full"
          bg="brand.solid"
          color="brand.contrast"
          align="center"
          justify="center"
          flexShrink={0}
        >
          <Mic size={20} />
        </Flex>
        <Stack gap="0">
          <Text fontWeight="semibold">VoiceOS</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('hero.preview.status')}
          </Text>
        </Stack>
      </HStack>
      <HStack gap="1" h="12" mt="5" align="center" justify="center">
        {BARS.map((h, i) => (
          <Box
            key={i}
            w="1.5"
            borderRadius="full"
            bg="brand.solid"
            opacity={0.85}
            animation="pulse 1.4s ease-in-out infinite"
            // Height and delay inline: one class for all bars instead of one per height (less CSS in the page).
            style={{ height: `${h}px`, animationDelay: `${(i % 6) * 120}ms` }}
          />
        ))}
      </HStack>
      <Stack gap="3" mt="5">
        <Box
          alignSelf="flex-end"
          maxW="85%"
          px="4"
          py="2.5"
          borderRadius="xl"
          borderBottomRightRadius="sm"
          bg="brand.solid"
          color="brand.contrast"
          fontSize="sm"
          fontWeight="medium"
        >
          “{t('hero.preview.said')}”
        </Box>
        <Box
          alignSelf="flex-start"
          maxW="85%"
          px="4"
          py="2.5"
          borderRadius="xl"
          borderBottomLeftRadius="sm"
          bg="bg.muted"
          color="fg"
          fontSize="sm"
        >
          {t('hero.preview.reply')}
        </Box>
      </Stack>
      <HStack gap="2" mt="5" flexWrap="wrap">
        {(['scroll', 'click', 'answer'] as const).map((k) => (
          <HStack
            key={k}
            gap="1"
            px="2.5"
            py="1"
            borderRadius="full"
            borderWidth="1px"
            borderColor="border"
            fontSize="xs"
            color="fg.muted"
          >
            <Box color="fg.success">
              <Check size={12} />
            </Box>
            {t(`hero.preview.actions.${k}`)}
          </HStack>
        ))}
      </HStack>
    </Box>
  )
}

/**
 * The landing page's hero (SPEC §2): badge, the `h1`, subline, Apply For Free Trial (→ /waitlist),
 * Watch Demo (the demo video in a new tab) and the quote, beside a decorative voice-exchange preview.
 */
export function Hero({ demoVideoUrl = siteConfig.demoVideoUrl, id = 'hero' }: HeroProps) {
  const { t } = useTranslation('home')
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} position="relative" overflow="hidden">
      <Box
        aria-hidden="true"
        position="absolute"
        inset="0"
        pointerEvents="none"
        bgImage={{
          _light:
            'radial-gradient(60% 50% at 15% 0%, rgba(139, 92, 246, 0.16), transparent 70%), radial-gradient(40% 40% at 95% 30%, rgba(196, 181, 253, 0.35), transparent 70%)',
          _dark:
            'radial-gradient(60% 50% at 15% 0%, rgba(139, 92, 246, 0.22), transparent 70%), radial-gradient(40% 40% at 95% 30%, rgba(109, 40, 217, 0.25), transparent 70%)',
        }}
      />
      <Container maxW="7xl" position="relative" py={{ base: '12', md: '20', lg: '24' }}>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '12', lg: '16' }} alignItems="center">
          <Stack gap={{ base: '6', md: '7' }} align="flex-start">
            <Badge
              size="lg"
              variant="outline"
              borderRadius="full"
              px="3"
              py="1"
              gap="1.5"
              whiteSpace="normal"
              bg="bg.panel"
              color="brand.fg"
              boxShadow="0 0 0 1px var(--chakra-colors-brand-emphasized)"
            >
              <MapPin aria-hidden size={14} />
              {t('hero.badge')}
            </Badge>
            <Heading
              as="h1"
              id={`${id}-title`}
              fontSize={{ base: '4xl', sm: '5xl', xl: '6xl' }}
              lineHeight="1.05"
              letterSpacing="tight"
              textWrap="balance"
            >
              {t('hero.title')}
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl" textWrap="pretty">
              {t('hero.subtitle')}
            </Text>
            <Flex gap="3" direction={{ base: 'column', sm: 'row' }} w={{ base: 'full', sm: 'auto' }}>
              <LocaleButtonLink to="/waitlist" size="xl" id="hero-apply">
                {t('hero.apply')}
                <ArrowRight aria-hidden />
              </LocaleButtonLink>
              <Button asChild size="xl" variant="outline" bg="bg.panel">
                <a
                  id={WATCH_DEMO_ID}
                  href={demoVideoUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('hero.watchDemoLabel')}
                >
                  <CirclePlay aria-hidden />
                  {t('hero.watchDemo')}
                  <ExternalLink aria-hidden size={14} />
                </a>
              </Button>
            </Flex>
            <Box
              as="blockquote"
              display="flex"
              alignItems="center"
              gap="3"
              mt="2"
              pl="4"
              borderLeftWidth="3px"
              borderColor="brand.solid"
            >
              <Box color="brand.fg" flexShrink={0}>
                <AudioLines aria-hidden size={22} />
              </Box>
              <Text fontSize={{ base: 'lg', md: 'xl' }} fontWeight="semibold" fontStyle="italic">
                {t('hero.quote')}
              </Text>
            </Box>
          </Stack>
          <VoicePreview />
        </SimpleGrid>
      </Container>
    </Box>
  )
}
