export { WaitlistForm, WAITLIST_TOAST_IDS, type WaitlistFormProps } from './WaitlistForm'
export { createWaitlistSubmitter, buildWaitlistBody, WaitlistNotConfiguredError, type WaitlistSubmit } from './submit'
export { WAITLIST_DRAFT_KEY, type DraftStorage } from './draft'
export * from './validation'
