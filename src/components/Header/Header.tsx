import { Box, Container, Flex, HStack, IconButton, Link } from '@chakra-ui/react'
import { memo } from 'react'
import { Menu as MenuIcon } from 'lucide-react'
import { Link as RouterLink, NavLink } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '../../hooks/useLanguage'
import { createDeferred } from '../Deferred'
import { IntroPopup } from '../IntroPopup/IntroPopup'
import { LocaleButtonLink } from '../LocaleLink'
import { Logo } from '../Logo'
import { ThemeMenu } from '../ThemeMenu'
import { LanguageSwitch } from './LanguageSwitch'
import { DECORATIVE_ITEMS, INTRO_TIMINGS, MOBILE_DECORATIVE_COUNT, useIntroSequence, type IntroTimings } from './introSequence'

/** Height of the fixed header in px; pages pad their top by this much. */
export const HEADER_HEIGHT = 64

export { NAV_LINKS } from './navLinks'
import { NAV_LINKS } from './navLinks'

// Menu machinery loads after hydration, when idle: no visitor can use it in the first frames.
function MobileNavPlaceholder() {
  const { t } = useTranslation()
  return (
    <IconButton aria-label={t('nav.openMenu')} variant="outline" size="sm" disabled>
      <MenuIcon aria-hidden />
    </IconButton>
  )
}
const MobileNavMenu = createDeferred(() => import('./MobileNavMenu').then((m) => m.MobileNavMenu), MobileNavPlaceholder)

export interface HeaderProps {
  /** Intro timings in ms; stories pass short ones. @default INTRO_TIMINGS (SPEC §9) */
  timings?: IntroTimings
  /** Run the intro sequence (decorative items vanish, then the popup). @default true */
  intro?: boolean
}

/** The bar itself: logo, navigation and actions. It does not re-render on intro steps. */
const HeaderBar = memo(function HeaderBar() {
  const { t } = useTranslation()
  const { to } = useLanguage()
  return (
    <Container maxW="7xl" h="full" display="flex" alignItems="center" gap={{ base: '2', md: '6' }}>
      <Link asChild aria-label={t('brand.logoLabel')} _hover={{ textDecoration: 'none' }} borderRadius="l2">
        <RouterLink to={to('/')}>
          <Logo name={t('brand.name')} />
        </RouterLink>
      </Link>
      <Box as="nav" aria-label={t('nav.label')} display={{ base: 'none', md: 'block' }}>
        <HStack as="ul" gap="1" listStyleType="none">
          {NAV_LINKS.map((l) => (
            <li key={l.key}>
              <Link
                asChild
                px="3"
                py="2"
                borderRadius="l2"
                fontWeight="medium"
                color="fg.muted"
                _hover={{ color: 'fg', bg: 'bg.muted', textDecoration: 'none' }}
                css={{ '&[aria-current=page]': { color: 'brand.fg' } }}
              >
                <NavLink to={to(l.to)} end>
                  {t(`nav.${l.key}`)}
                </NavLink>
              </Link>
            </li>
          ))}
        </HStack>
      </Box>
      <Flex flex="1" />
      <LanguageSwitch />
      <ThemeMenu />
      <LocaleButtonLink to="/waitlist" size="sm" display={{ base: 'none', md: 'inline-flex' }}>
        {t('nav.applyForFreeTrial')}
      </LocaleButtonLink>
      <Box display={{ base: 'block', md: 'none' }}>
        <MobileNavMenu />
      </Box>
    </Container>
  )
})

interface DecorativeItemProps {
  /** Key of the item (`decorative.<key>` in locales/<lng>/common.json). */
  itemKey: string
  /** Shown on phones too (the first six, SPEC §2). */
  mobile: boolean
  /** Has vanished. */
  gone: boolean
  /** Its text. */
  label: string
}

/**
 * One decorative item of the intro strip; re-renders only when it vanishes. The vanished look hangs on
 * `data-gone`, so its class (and its pre-rendered CSS) never changes: a step only flips an attribute.
 */
const DecorativeItem = memo(function DecorativeItem({ itemKey, mobile, gone, label }: DecorativeItemProps) {
  return (
    <Box
      as="span"
      data-decorative-item={itemKey}
      data-gone={gone || undefined}
      display={mobile ? 'inline-flex' : { base: 'none', md: 'inline-flex' }}
      px="3"
      py="1"
      fontSize="sm"
      borderRadius="full"
      borderWidth="1px"
      borderColor="border"
      bg="bg.panel"
      color="fg.muted"
      boxShadow="xs"
      transition="opacity 180ms ease-out, transform 180ms ease-out, visibility 0s linear 180ms"
      css={{ '&[data-gone]': { opacity: 0, visibility: 'hidden', transform: 'scale(0.85)' } }}
    >
      {label}
    </Box>
  )
})

/**
 * The decorative strip of the intro (SPEC §4 "Header intro") under the bar. It re-renders every 200 ms while
 * items vanish; the bar does not. Once all have vanished it is hidden through `data-done` (same class).
 */
const DecorativeStrip = memo(function DecorativeStrip({ step, vanished, total }: { step: number; vanished: number; total: number }) {
  const { t } = useTranslation()
  return (
    <Box
      aria-hidden="true"
      data-testid="decorative-strip"
      data-step={step}
      data-done={vanished >= total || undefined}
      position="absolute"
      top="100%"
      insetX="0"
      pointerEvents="none"
      bg="bg/95"
      borderBottomWidth="1px"
      borderColor="border"
      boxShadow="sm"
      css={{ '&[data-done]': { display: 'none' } }}
    >
      <Container maxW="5xl" py="3">
        <Flex wrap="wrap" gap="2" justify="center">
          {DECORATIVE_ITEMS.map((key, i) => (
            <DecorativeItem key={key} itemKey={key} mobile={i < MOBILE_DECORATIVE_COUNT} gone={i < vanished} label={t(`decorative.${key}`)} />
          ))}
        </Flex>
      </Container>
    </Box>
  )
})

/**
 * The fixed site header: logo → home, Home / Pricing / Resources, Apply For Free Trial, language and
 * theme menus; on phones the links move into a menu. On load it plays the intro of SPEC §2/§4: a row of
 * decorative items (18 on desktop, 6 on phones) vanishes one by one, then the intro popup opens.
 */
export function Header({ timings = INTRO_TIMINGS, intro = true }: HeaderProps) {
  const sequence = useIntroSequence(timings, intro)
  return (
    <>
      <Box
        as="header"
        position="fixed"
        top="0"
        insetX="0"
        zIndex="sticky"
        h={`${HEADER_HEIGHT}px`}
        bg="bg/90"
        backdropFilter="saturate(180%) blur(12px)"
        borderBottomWidth="1px"
        borderColor="border"
      >
        <HeaderBar />
        <DecorativeStrip step={sequence.step} vanished={sequence.vanished} total={sequence.total} />
      </Box>
      {/* Outside the header: its backdrop filter would make it the popup's containing block. */}
      <IntroPopup open={sequence.popupOpen} onClose={sequence.closePopup} rotateMs={timings.rotateMs} />
    </>
  )
}
