/**
 * `npx voiceos <create|update|show|index>`: the published setup CLI (the `voiceos` package's `bin`). The same
 * commands as `npm run assistant --` in this repository (./assistant.ts), bundled by scripts/package.ts into one
 * file that runs on plain Node ≥ 20 with no dependency installed. Exit codes as {@link runAssistantCommand}'s.
 */
import { runAssistantCommand } from './assistant'

process.exitCode = await runAssistantCommand(process.argv.slice(2), {
  env: process.env,
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  isTTY: process.stderr.isTTY === true,
  write: (text) => process.stderr.write(text),
})
