import { Box, Container, Flex, HStack, IconButton, Link } from '@chakra-ui/react'
import { memo, useEffect, useRef, type Ref } from 'react'
import { Menu as MenuIcon } from 'lucide-react'
import { Link as RouterLink, NavLink } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '../../hooks/useLanguage'
import { createDeferred, type DeferredPlaceholderProps } from '../Deferred'
import { IntroPopup } from '../IntroPopup/IntroPopup'
import { LocaleButtonLink } from '../LocaleLink'
import { Logo } from '../Logo'
import { ThemeMenu } from '../ThemeMenu'
import { LanguageSwitch } from './LanguageSwitch'
import { ITEM_ATTR, startIntro, STRIP_ATTR } from './introController'
import { DECORATIVE_ITEMS, INTRO_TIMINGS, MOBILE_DECORATIVE_COUNT, type IntroTimings } from './introSequence'

/** Height of the fixed header in px; pages pad their top by this much. */
export const HEADER_HEIGHT = 64

export { NAV_LINKS } from './navLinks'
import { NAV_LINKS } from './navLinks'

// Menu machinery loads after hydration, when idle; a press on the stand-in before that loads it and opens it.
function MobileNavPlaceholder({ onActivate, activated }: DeferredPlaceholderProps) {
  const { t } = useTranslation()
  return (
    <IconButton
      aria-label={t('nav.openMenu')}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={activated || undefined}
      variant="outline"
      size="sm"
      onClick={onActivate}
      onPointerEnter={() => void MobileNavMenu.preload()}
    >
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
  /** Its text. */
  label: string
}

/**
 * One decorative item of the intro strip. The intro (introController.ts) makes it vanish by setting
 * `data-gone`; the vanished look hangs on that attribute, so its class (and its pre-rendered CSS) never changes.
 */
const DecorativeItem = memo(function DecorativeItem({ itemKey, mobile, label }: DecorativeItemProps) {
  return (
    <Box
      as="span"
      {...{ [ITEM_ATTR]: itemKey }}
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
 * The decorative strip of the intro (SPEC §4 "Header intro") under the bar. Rendered once: the intro flips
 * its attributes (`data-step`, `data-done` hides it once every item has vanished) without a React render.
 */
const DecorativeStrip = memo(function DecorativeStrip({ stripRef }: { stripRef: Ref<HTMLDivElement> }) {
  const { t } = useTranslation()
  return (
    <Box
      ref={stripRef}
      aria-hidden="true"
      {...{ [STRIP_ATTR]: '' }}
      data-testid="decorative-strip"
      data-step="0"
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
            <DecorativeItem
              key={key}
              itemKey={key}
              mobile={i < MOBILE_DECORATIVE_COUNT}
              label={t(`decorative.${key}`)}
            />
          ))}
        </Flex>
      </Container>
    </Box>
  )
})

/**
 * The fixed site header: logo → home, Home / Pricing / Resources, Apply For Free Trial, language and
 * theme menus; on phones the links move into a menu. On load it plays the intro of SPEC §2/§4: a row of
 * decorative items (18 on desktop, 6 on phones) vanishes one by one, then the intro popup opens
 * (introController.ts, a DOM behaviour that needs no React render and runs before hydration on a
 * pre-rendered page).
 */
export function Header({ timings = INTRO_TIMINGS, intro = true }: HeaderProps) {
  const strip = useRef<HTMLDivElement>(null)
  const popup = useRef<HTMLDivElement>(null)
  const { startDelayMs, stepMs, popupDelayMs, rotateMs } = timings
  // On a pre-rendered page src/boot.ts already started it at load; startIntro then hands back that run.
  useEffect(() => {
    if (!intro || !strip.current) return
    return startIntro({ strip: strip.current, popup: popup.current }, { startDelayMs, stepMs, popupDelayMs, rotateMs })
  }, [intro, startDelayMs, stepMs, popupDelayMs, rotateMs])
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
        <DecorativeStrip stripRef={strip} />
      </Box>
      {/* Outside the header: its backdrop filter would make it the popup's containing block. The intro opens it. */}
      <IntroPopup popupRef={popup} />
    </>
  )
}
