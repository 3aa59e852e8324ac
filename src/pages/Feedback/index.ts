export * from './FeedbackPage'
