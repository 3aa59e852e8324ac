import { setProjectAnnotations } from '@storybook/react-vite'
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview'
import * as projectAnnotations from './preview'

// Applies the a11y addon (axe runs after every story; `parameters.a11y.test: 'error'` fails it) and the
// project's decorators to every story run as a Vitest browser test.
setProjectAnnotations([a11yAddonAnnotations, projectAnnotations])
