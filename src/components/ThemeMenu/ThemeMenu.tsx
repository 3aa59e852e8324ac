import { IconButton } from '@chakra-ui/react'
import { Monitor } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { createDeferred } from '../Deferred'

/** Pre-rendered stand-in: the stored choice is unknown before the browser runs, so it is inert. */
function ThemeMenuPlaceholder() {
  const { t } = useTranslation()
  return (
    <IconButton aria-label={t('theme.label')} variant="ghost" size="sm" disabled data-testid="theme-menu">
      <Monitor aria-hidden />
    </IconButton>
  )
}

/**
 * Colour-mode menu (light / dark / system) for the header; the choice persists in localStorage through
 * next-themes. The menu machinery loads after hydration ({@link createDeferred}); until then a same-sized,
 * disabled button stands in.
 */
export const ThemeMenu = createDeferred(
  () => import('./ThemeMenuPopup').then((m) => m.ThemeMenuPopup),
  ThemeMenuPlaceholder,
)
