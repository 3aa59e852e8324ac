import { setProjectAnnotations } from '@storybook/react-vite'
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview'
import { afterEach } from 'vitest'
import * as projectAnnotations from './preview'
import { expectScreenshot } from './visual'

// Applies the a11y addon (axe runs after every story; `parameters.a11y.test: 'error'` fails it) and the
// project's decorators to every story run as a Vitest browser test.
setProjectAnnotations([a11yAddonAnnotations, projectAnnotations])

// Every story is also a visual test: after its play function (and axe) the rendered page is compared with
// its committed baseline. @storybook/addon-vitest puts the composed story on the test context
// (`context.story`), so its parameters are readable here: `parameters.visual === false` opts out.
afterEach(async (context) => {
  const story = (context as unknown as { story?: { parameters?: { visual?: unknown } } }).story
  if (!story || story.parameters?.visual === false) return
  const result = context.task.result
  if (result?.state === 'fail' || result?.errors?.length || result?.state === 'skip') return
  await expectScreenshot(context.task.name)
})
