import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'

/**
 * The site's one toaster (Chakra's toast store). Call `toaster.create({ type, title, description })`
 * from anywhere (forms, the voice widget); `type` is `success` | `error` | `info` | `warning` | `loading`.
 * Toasts stack bottom-right, above the voice widget, and pause while the page is hidden.
 */
export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  max: 4,
  // Below the fixed 64 px header, so toasts never cover its links and buttons.
  offsets: { top: '76px', right: '16px', bottom: '16px', left: '16px' },
})

/** Renders the toasts of {@link toaster}; mounted once by the site layout (and Storybook's decorator). */
export function Toaster() {
  const { t } = useTranslation()
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable !== false ? <Toast.CloseTrigger aria-label={t('toast.close')} /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  )
}
