/**
 * The call's `assistantOverrides` for the widget's language (openapi/vapi-openapi.json `AssistantOverrides`):
 * the transcriber and voice of ./languages.ts, the first message in that language, and the call variable
 * `{{language}}` that the managed system prompt (./definition.ts) tells the model to answer in.
 */
import { languagePlan } from './languages'

/** The part of `AssistantOverrides` a language sets. */
export type LanguageOverrides = {
  transcriber?: { provider: string; model: string; language: string }
  voice?: { provider: string; voiceId: string }
  firstMessage?: string
  /** Merged into the call's other variables (`sessionId`, `url`). */
  variableValues: { language: string }
}

/**
 * The overrides for `lang` (a widget language, src/voice/widget/languages.ts): for English only the
 * `{{language}}` variable (the assistant keeps its own transcriber and voice); for every other language its
 * transcriber, voice and `firstMessage` (the copy's greeting, omitted when empty), and `{{language}}` saying the
 * language and the script to answer in.
 */
export function languageOverrides(lang: string, firstMessage?: string): LanguageOverrides {
  const plan = languagePlan(lang)
  const out: LanguageOverrides = {
    variableValues: { language: `${plan.name}, written in ${plan.script} script` },
  }
  if (plan.transcriber) out.transcriber = { ...plan.transcriber }
  if (plan.voice) out.voice = { ...plan.voice }
  if (plan.transcriber && firstMessage && firstMessage.trim() !== '') out.firstMessage = firstMessage
  return out
}

/**
 * Merges language overrides into the call's overrides: variables are merged (the call's own win), everything
 * else is added.
 */
export function withLanguage<T extends { variableValues?: Record<string, unknown> }>(
  base: T,
  language: LanguageOverrides | null | undefined,
): T {
  if (!language) return base
  const { variableValues, ...rest } = language
  return { ...rest, ...base, variableValues: { ...variableValues, ...base.variableValues } }
}
