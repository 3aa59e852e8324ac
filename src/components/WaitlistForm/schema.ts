import { z } from '../../lib/zod'
import { validateWaitlist, type WaitlistValues } from './validation'

/**
 * zod schema for react-hook-form (`zodResolver(waitlistSchema)`), built on {@link validateWaitlist} so the
 * rules live in one place. Only the first failed rule produces issues (one per marked field); each issue's
 * `message` is a `waitlist` locale key the form translates.
 */
export const waitlistSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    website: z.string(),
    company: z.string(),
    comments: z.string(),
  })
  .superRefine((values, ctx) => {
    const failure = validateWaitlist(values)
    if (!failure) return
    for (const field of failure.fields) {
      ctx.addIssue({ code: 'custom', path: [field], message: failure.fieldMessageKey })
    }
  }) satisfies z.ZodType<WaitlistValues>
