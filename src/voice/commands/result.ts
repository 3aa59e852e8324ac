/** The result of one voice command (./executor.ts), shared by the executor, its scheduler and the router. */
import type { UnknownVoiceCommand, VoiceCommand } from './schema'
import type { RefusalReason } from './refusals'

/**
 * The result of executing one message. A refusal's `detail` is a short sentence for people and for the voice
 * assistant (e.g. `no field labelled "Company"`, `button "Delete Account" is disabled`).
 */
export type CommandResult =
  | {
      status: 'executed'
      command: VoiceCommand
      target?: Element
      /**
       * A toggle's control may change after the click returns (a framework re-renders, a menu opens in a frame):
       * resolves once it has settled (./effects.ts `whenSettled`, ≤ 500 ms), so a report reads the state after.
       */
      settled?: Promise<void>
      /**
       * Set before `settled` resolves when the command went on after `execute()` returned (a fill of a combobox
       * whose list is drawn in later turns): the final outcome — executed, or refused with the reason. Readers
       * of a settled result read this one instead (../context/report.ts `describeCommandResult` does).
       */
      settledResult?: CommandResult
    }
  | { status: 'refused'; command?: VoiceCommand; reason: RefusalReason; detail: string }
  | { status: 'unknown'; command: UnknownVoiceCommand }
  | { status: 'invalid'; issues: string[] }
  | { status: 'duplicate'; command: VoiceCommand }
