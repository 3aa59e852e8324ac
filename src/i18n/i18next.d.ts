import 'i18next'
import type { enResources } from './resources'

// Translation keys are type-checked against the English files (vite-react-ssg examples/with-i18n).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: typeof enResources
  }
}
