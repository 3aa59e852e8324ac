import type { ButtonProps } from '@chakra-ui/react'

/** Props of the GitHub menu (GithubMenu.tsx) and of its lazily loaded popup (GithubMenuPopup.tsx). */
export interface GithubMenuProps {
  /** Trigger label, e.g. "Star us on GitHub" or "Follow on GitHub". */
  label: string
  /** Trigger button variant. @default 'outline' */
  variant?: ButtonProps['variant']
  /** Trigger button size. @default 'md' */
  size?: ButtonProps['size']
}
