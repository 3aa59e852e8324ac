import { Button } from '@chakra-ui/react'
import { ChevronDown } from 'lucide-react'
import { createDeferred, type DeferredPlaceholderProps } from '../Deferred'
import { GithubIcon } from '../Logo'
import type { GithubMenuProps } from './types'

export type { GithubMenuProps } from './types'

/** Pre-rendered stand-in with the trigger's exact look; a click loads the real menu and opens it. */
function GithubMenuPlaceholder({
  label,
  variant = 'outline',
  size = 'md',
  onActivate,
  activated,
}: GithubMenuProps & DeferredPlaceholderProps) {
  return (
    <Button
      variant={variant}
      size={size}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={activated || undefined}
      onClick={onActivate}
      onPointerEnter={() => void GithubMenu.preload()}
    >
      <GithubIcon aria-hidden />
      {label}
      <ChevronDown aria-hidden />
    </Button>
  )
}

/**
 * A GitHub menu whose only item, "Coming Soon", is disabled: the repository opens when the engine is
 * open-sourced (SPEC §2). Used by the open-source section, the closing section and the footer. The menu
 * machinery loads after hydration ({@link createDeferred}).
 */
export const GithubMenu = createDeferred(
  () => import('./GithubMenuPopup').then((m) => m.GithubMenuPopup),
  GithubMenuPlaceholder,
)
