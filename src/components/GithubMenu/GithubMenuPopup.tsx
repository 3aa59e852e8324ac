import { Button, Menu, Portal } from '@chakra-ui/react'
import { ChevronDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { GithubIcon } from '../Logo'

import type { DeferredComponentProps } from '../Deferred'
import type { GithubMenuProps } from './types'

/** The interactive GitHub menu (loaded after hydration; see GithubMenu). */
export function GithubMenuPopup({
  label,
  variant = 'outline',
  size = 'md',
  defaultOpen,
}: GithubMenuProps & DeferredComponentProps) {
  const { t } = useTranslation()
  return (
    <Menu.Root defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <Button variant={variant} size={size}>
          <GithubIcon aria-hidden />
          {label}
          <ChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="coming-soon" disabled>
              {t('github.comingSoon')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
