import { afterEach } from 'vitest'
import { expectScreenshot } from './visual'

// The a11y addon (axe runs after every story; `parameters.a11y.test: 'error'` fails it) and the project's
// decorators (preview.tsx) are applied to every story by @storybook/addon-vitest itself (since Storybook 10.3,
// from the addons in main.ts). The plugin skips that when this file names the old manual call, so it must not.

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
