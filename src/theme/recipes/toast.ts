import { defineSlotRecipe } from '@chakra-ui/react'
import { toastSlotRecipe } from '@chakra-ui/react/theme'

/**
 * Chakra's toast recipe with WCAG AA colours. Chakra's own fails AA: its description is drawn at 80 %
 * opacity (white on red.600 → 3.53:1) and the success background is green.600 (white → 3.30:1). Here the
 * status backgrounds are one step darker (white on red.700 6.5:1, green.700 5.0:1, orange.800 7.3:1 in both
 * colour modes) and the description is fully opaque.
 */
export const toastRecipe = defineSlotRecipe({
  ...toastSlotRecipe,
  base: {
    ...toastSlotRecipe.base,
    root: {
      ...toastSlotRecipe.base?.root,
      '&[data-type=warning]': {
        bg: 'orange.800',
        color: 'white',
        '--toast-trigger-bg': '{white/10}',
        '--toast-border-color': '{white/40}',
      },
      '&[data-type=success]': {
        bg: 'green.700',
        color: 'white',
        '--toast-trigger-bg': '{white/10}',
        '--toast-border-color': '{white/40}',
      },
      '&[data-type=error]': {
        bg: 'red.700',
        color: 'white',
        '--toast-trigger-bg': '{white/10}',
        '--toast-border-color': '{white/40}',
      },
    },
    description: { ...toastSlotRecipe.base?.description, opacity: '1' },
    closeTrigger: { ...toastSlotRecipe.base?.closeTrigger, color: '{currentColor/80}' },
  },
})
