import { IconButton, Menu, Portal } from '@chakra-ui/react'
import { Check, Monitor, Moon, Sun } from 'lucide-react'
import { useTheme } from 'next-themes'
import { useTranslation } from 'react-i18next'
import type { DeferredComponentProps } from '../Deferred'
import { withoutTransitions } from './withoutTransitions'

const OPTIONS = [
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
  { value: 'system', icon: Monitor },
] as const

/** The interactive colour-mode menu (loaded after hydration; see ThemeMenu). `defaultOpen`: open on mount. */
export function ThemeMenuPopup({ defaultOpen }: DeferredComponentProps) {
  const { t } = useTranslation()
  const { theme = 'system', setTheme } = useTheme()
  const current = OPTIONS.find((o) => o.value === theme) ?? OPTIONS[2]
  const Icon = current.icon
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={t('theme.current', { theme: t(`theme.${current.value}`) })}
          variant="ghost"
          size="sm"
          data-testid="theme-menu"
        >
          <Icon aria-hidden />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="10rem">
            <Menu.RadioItemGroup value={theme} onValueChange={(e) => withoutTransitions(() => setTheme(e.value))}>
              <Menu.ItemGroupLabel>{t('theme.label')}</Menu.ItemGroupLabel>
              {OPTIONS.map(({ value, icon: ItemIcon }) => (
                <Menu.RadioItem key={value} value={value}>
                  <ItemIcon aria-hidden size={16} />
                  {t(`theme.${value}`)}
                  <Menu.ItemIndicator>
                    <Check aria-hidden size={16} />
                  </Menu.ItemIndicator>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
