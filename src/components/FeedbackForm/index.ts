export {
  FeedbackForm,
  FeedbackTypeForm,
  openInMailApp,
  feedbackToastId,
  type FeedbackFormProps,
  type FeedbackTypeFormProps,
  type OpenUrl,
} from './FeedbackForm'
export { ScreenshotPicker, type ScreenshotPickerProps } from './ScreenshotPicker'
export * from './mailto'
export * from './validation'
