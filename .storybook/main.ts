import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // Chakra's package.json names a public Storybook; offline it fails, so never compose it.
  refs: { '@chakra-ui/react': { disable: true } },
  core: { disableTelemetry: true },
  viteFinal(config) {
    const onwarn = config.build?.rollupOptions?.onwarn
    return {
      ...config,
      build: {
        ...config.build,
        rollupOptions: {
          ...config.build?.rollupOptions,
          onwarn(warning, warn) {
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
            if (onwarn) onwarn(warning, warn)
            else warn(warning)
          },
        },
      },
    }
  },
}
export default config
