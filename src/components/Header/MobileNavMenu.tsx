import { IconButton, Menu, Portal } from '@chakra-ui/react'
import { Menu as MenuIcon } from 'lucide-react'
import { Link as RouterLink } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '../../hooks/useLanguage'
import type { DeferredComponentProps } from '../Deferred'
import { NAV_LINKS } from './navLinks'

/**
 * The phone navigation menu: Home, Pricing, Resources and Apply For Free Trial (loaded after hydration).
 * `defaultOpen`: open on mount (the visitor pressed the stand-in before this loaded).
 */
export function MobileNavMenu({ defaultOpen }: DeferredComponentProps) {
  const { t } = useTranslation()
  const { to } = useLanguage()
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <IconButton aria-label={t('nav.openMenu')} variant="outline" size="sm">
          <MenuIcon aria-hidden />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="14rem">
            {NAV_LINKS.map((l) => (
              <Menu.Item key={l.key} value={l.key} asChild>
                <RouterLink to={to(l.to)}>{t(`nav.${l.key}`)}</RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="apply" asChild fontWeight="semibold" color="brand.fg">
              <RouterLink to={to('/waitlist')}>{t('nav.applyForFreeTrial')}</RouterLink>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
