import { IconButton } from '@chakra-ui/react'
import { Monitor } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { createDeferred, type DeferredPlaceholderProps } from '../Deferred'

/**
 * Pre-rendered stand-in with the menu button's look and role (the stored choice is not in its name: it is unknown
 * before the browser runs). A click loads the menu and opens it.
 */
function ThemeMenuPlaceholder({ onActivate, activated }: DeferredPlaceholderProps) {
  const { t } = useTranslation()
  return (
    <IconButton
      aria-label={t('theme.label')}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={activated || undefined}
      variant="ghost"
      size="sm"
      data-testid="theme-menu"
      data-placeholder=""
      onClick={onActivate}
      onPointerEnter={() => void ThemeMenu.preload()}
    >
      <Monitor aria-hidden />
    </IconButton>
  )
}

/**
 * Colour-mode menu (light / dark / system) for the header; the choice persists in localStorage through
 * next-themes. The menu machinery loads after hydration ({@link createDeferred}); until then a same-sized
 * button stands in, and a click on it loads the menu and opens it.
 */
export const ThemeMenu = createDeferred(
  () => import('./ThemeMenuPopup').then((m) => m.ThemeMenuPopup),
  ThemeMenuPlaceholder,
)
