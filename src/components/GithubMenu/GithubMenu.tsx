import { Button, type ButtonProps, Menu, Portal } from '@chakra-ui/react'
import { ChevronDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { GithubIcon } from '../Logo'

export interface GithubMenuProps {
  /** Trigger label, e.g. "Star us on GitHub" or "Follow on GitHub". */
  label: string
  /** Trigger button variant. @default 'outline' */
  variant?: ButtonProps['variant']
  /** Trigger button size. @default 'md' */
  size?: ButtonProps['size']
}

/**
 * A GitHub menu whose only item, "Coming Soon", is disabled: the repository opens when the engine is
 * open-sourced (SPEC §2). Used by the open-source section, the closing section and the footer.
 */
export function GithubMenu({ label, variant = 'outline', size = 'md' }: GithubMenuProps) {
  const { t } = useTranslation()
  return (
    <Menu.Root>
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
