import { z } from '../../lib/zod'
import { validateFeedback, type FeedbackValues } from './validation'

/**
 * zod schema for react-hook-form, built on {@link validateFeedback}: one issue per failed check, on its
 * field, with the `feedback` locale key as `message`.
 */
export const feedbackSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    description: z.string(),
  })
  .superRefine((values, ctx) => {
    for (const issue of validateFeedback(values))
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.key })
  }) satisfies z.ZodType<FeedbackValues>
