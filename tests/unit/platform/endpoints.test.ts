/**
 * Every method of every resource, once, against a real local HTTP server: method, path (ids encoded),
 * query, headers (bearer auth except POST /credential/webhook, JSON or multipart content type) and body; JSON
 * bodies are validated with ajv against the official document's schema (or the supplement's, which reuses
 * official DTOs where the document names them).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPlatformClient, type PlatformClient } from '../../../src/platform'
import { startPlatformServer, type PlatformServer, type RecordedRequest } from '../../servers/platform-server'
import { bodyValidator, inOfficialDocument } from './schema'

const TOKEN = 'sk_test_1234567890abcdef'
/** An id that needs encoding: space, slash, non-ASCII. */
const ID = 'id 1/ä'
const ID2 = 'x?y#z'
const enc = encodeURIComponent

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
interface Row {
  name: string
  run: (c: PlatformClient) => Promise<unknown> | PromiseLike<unknown>
  method: Method
  /** OpenAPI template, for schema lookup. */
  template: string
  /** Expected wire path. */
  path: string
  query?: Record<string, string>
  body?: unknown
  multipart?: string[]
  noAuth?: boolean
}

const blob = (text: string, type = 'audio/wav') => new Blob([text], { type })

const rows: Row[] = [
  // assistants
  {
    name: 'assistants.create',
    run: (c) => c.assistants.create({ name: 'Support', firstMessage: 'Hi' }),
    method: 'POST',
    template: '/assistant',
    path: '/assistant',
    body: { name: 'Support', firstMessage: 'Hi' },
  },
  {
    name: 'assistants.list',
    run: (c) => c.assistants.list({ limit: 10, createdAtGt: '2024-01-01T00:00:00.000Z' }),
    method: 'GET',
    template: '/assistant',
    path: '/assistant',
    query: { limit: '10', createdAtGt: '2024-01-01T00:00:00.000Z' },
  },
  {
    name: 'assistants.retrieve',
    run: (c) => c.assistants.retrieve(ID),
    method: 'GET',
    template: '/assistant/{id}',
    path: `/assistant/${enc(ID)}`,
  },
  {
    name: 'assistants.update',
    run: (c) => c.assistants.update(ID, { name: 'Renamed' }),
    method: 'PATCH',
    template: '/assistant/{id}',
    path: `/assistant/${enc(ID)}`,
    body: { name: 'Renamed' },
  },
  {
    name: 'assistants.replace',
    run: (c) => c.assistants.replace(ID, { name: 'Whole' }),
    method: 'PUT',
    template: '/assistant/{id}',
    path: `/assistant/${enc(ID)}`,
    body: { name: 'Whole' },
  },
  {
    name: 'assistants.delete',
    run: (c) => c.assistants.delete(ID),
    method: 'DELETE',
    template: '/assistant/{id}',
    path: `/assistant/${enc(ID)}`,
  },
  {
    name: 'assistants.listVersions',
    run: (c) => c.assistants.listVersions(ID, { limit: 5 }),
    method: 'GET',
    template: '/assistant/{id}/version',
    path: `/assistant/${enc(ID)}/version`,
    query: { limit: '5' },
  },
  // v2 listings
  {
    name: 'v2.assistants.list',
    run: (c) => c.v2.assistants.list({ limit: 2 }),
    method: 'GET',
    template: '/v2/assistant',
    path: '/v2/assistant',
    query: { limit: '2' },
  },
  {
    name: 'v2.calls.list',
    run: (c) => c.v2.calls.list({ assistantId: 'a1' }),
    method: 'GET',
    template: '/v2/call',
    path: '/v2/call',
    query: { assistantId: 'a1' },
  },
  {
    name: 'v2.calls.export',
    run: (c) => c.v2.calls.export({ format: 'csv' }),
    method: 'GET',
    template: '/v2/call/export',
    path: '/v2/call/export',
    query: { format: 'csv' },
  },
  {
    name: 'v2.calls.metadata',
    run: (c) => c.v2.calls.metadata(),
    method: 'GET',
    template: '/v2/call/metadata',
    path: '/v2/call/metadata',
  },
  {
    name: 'v2.phoneNumbers.list',
    run: (c) => c.v2.phoneNumbers.list({ search: '+1555' }),
    method: 'GET',
    template: '/v2/phone-number',
    path: '/v2/phone-number',
    query: { search: '+1555' },
  },
  // squads
  {
    name: 'squads.create',
    run: (c) => c.squads.create({ members: [{ assistantId: 'a1' }] }),
    method: 'POST',
    template: '/squad',
    path: '/squad',
    body: { members: [{ assistantId: 'a1' }] },
  },
  {
    name: 'squads.list',
    run: (c) => c.squads.list({ limit: 3 }),
    method: 'GET',
    template: '/squad',
    path: '/squad',
    query: { limit: '3' },
  },
  {
    name: 'squads.retrieve',
    run: (c) => c.squads.retrieve(ID),
    method: 'GET',
    template: '/squad/{id}',
    path: `/squad/${enc(ID)}`,
  },
  {
    name: 'squads.update',
    run: (c) => c.squads.update(ID, { members: [{ assistantId: 'a2' }] }),
    method: 'PATCH',
    template: '/squad/{id}',
    path: `/squad/${enc(ID)}`,
    body: { members: [{ assistantId: 'a2' }] },
  },
  {
    name: 'squads.delete',
    run: (c) => c.squads.delete(ID),
    method: 'DELETE',
    template: '/squad/{id}',
    path: `/squad/${enc(ID)}`,
  },
  // workflows
  { name: 'workflows.list', run: (c) => c.workflows.list(), method: 'GET', template: '/workflow', path: '/workflow' },
  {
    name: 'workflows.create',
    run: (c) => c.workflows.create({ name: 'Flow', nodes: [], edges: [] }),
    method: 'POST',
    template: '/workflow',
    path: '/workflow',
    body: { name: 'Flow', nodes: [], edges: [] },
  },
  {
    name: 'workflows.retrieve',
    run: (c) => c.workflows.retrieve(ID),
    method: 'GET',
    template: '/workflow/{id}',
    path: `/workflow/${enc(ID)}`,
  },
  {
    name: 'workflows.update',
    run: (c) => c.workflows.update(ID, { name: 'Flow 2' }),
    method: 'PATCH',
    template: '/workflow/{id}',
    path: `/workflow/${enc(ID)}`,
    body: { name: 'Flow 2' },
  },
  {
    name: 'workflows.delete',
    run: (c) => c.workflows.delete(ID),
    method: 'DELETE',
    template: '/workflow/{id}',
    path: `/workflow/${enc(ID)}`,
  },
  // calls
  {
    name: 'calls.create',
    run: (c) => c.calls.create({ assistantId: 'a1', customer: { number: '+15550001111' } }),
    method: 'POST',
    template: '/call',
    path: '/call',
    body: { assistantId: 'a1', customer: { number: '+15550001111' } },
  },
  {
    name: 'calls.list',
    run: (c) => c.calls.list({ assistantId: 'a1', limit: 1 }),
    method: 'GET',
    template: '/call',
    path: '/call',
    query: { assistantId: 'a1', limit: '1' },
  },
  {
    name: 'calls.retrieve',
    run: (c) => c.calls.retrieve(ID),
    method: 'GET',
    template: '/call/{id}',
    path: `/call/${enc(ID)}`,
  },
  {
    name: 'calls.update',
    run: (c) => c.calls.update(ID, { name: 'Call 1' }),
    method: 'PATCH',
    template: '/call/{id}',
    path: `/call/${enc(ID)}`,
    body: { name: 'Call 1' },
  },
  {
    name: 'calls.delete',
    run: (c) => c.calls.delete(ID, { ids: ['c1', 'c2'] }),
    method: 'DELETE',
    template: '/call/{id}',
    path: `/call/${enc(ID)}`,
    body: { ids: ['c1', 'c2'] },
  },
  {
    name: 'calls.createPhone',
    run: (c) => c.calls.createPhone({ assistantId: 'a1', phoneNumberId: 'p1' }),
    method: 'POST',
    template: '/call/phone',
    path: '/call/phone',
    body: { assistantId: 'a1', phoneNumberId: 'p1' },
  },
  {
    name: 'calls.createWeb',
    run: (c) => c.calls.createWeb({ assistant: 'a1', assistantOverrides: { variableValues: { sessionId: 's1' } } }),
    method: 'POST',
    template: '/call/web',
    path: '/call/web',
    body: { assistantId: 'a1', assistantOverrides: { variableValues: { sessionId: 's1' } } },
  },
  // chats
  {
    name: 'chats.list',
    run: (c) => c.chats.list({ assistantId: 'a1' }),
    method: 'GET',
    template: '/chat',
    path: '/chat',
    query: { assistantId: 'a1' },
  },
  {
    name: 'chats.create',
    run: (c) => c.chats.create({ assistantId: 'a1', input: 'Hello' }),
    method: 'POST',
    template: '/chat',
    path: '/chat',
    body: { assistantId: 'a1', input: 'Hello' },
  },
  {
    name: 'chats.retrieve',
    run: (c) => c.chats.retrieve(ID),
    method: 'GET',
    template: '/chat/{id}',
    path: `/chat/${enc(ID)}`,
  },
  {
    name: 'chats.delete',
    run: (c) => c.chats.delete(ID),
    method: 'DELETE',
    template: '/chat/{id}',
    path: `/chat/${enc(ID)}`,
  },
  {
    name: 'chats.createResponse',
    run: (c) => c.chats.createResponse({ assistantId: 'a1', input: 'Hi' }),
    method: 'POST',
    template: '/chat/responses',
    path: '/chat/responses',
    body: { assistantId: 'a1', input: 'Hi' },
  },
  {
    name: 'chats.createWeb',
    run: (c) => c.chats.createWeb({ assistantId: 'a1', input: 'Hi' }),
    method: 'POST',
    template: '/chat/web',
    path: '/chat/web',
    body: { assistantId: 'a1', input: 'Hi' },
  },
  {
    name: 'chats.createWebResponse',
    run: (c) => c.chats.createWebResponse({ assistantId: 'a1', input: 'Hi' }),
    method: 'POST',
    template: '/chat/web/responses',
    path: '/chat/web/responses',
    body: { assistantId: 'a1', input: 'Hi' },
  },
  // campaigns
  {
    name: 'campaigns.create',
    run: (c) => c.campaigns.create({ name: 'Q2', phoneNumberId: 'p1', customers: [{ number: '+15550001111' }] }),
    method: 'POST',
    template: '/campaign',
    path: '/campaign',
    body: { name: 'Q2', phoneNumberId: 'p1', customers: [{ number: '+15550001111' }] },
  },
  {
    name: 'campaigns.list',
    run: (c) => c.campaigns.list({ status: 'ended' }),
    method: 'GET',
    template: '/campaign',
    path: '/campaign',
    query: { status: 'ended' },
  },
  {
    name: 'campaigns.retrieve',
    run: (c) => c.campaigns.retrieve(ID),
    method: 'GET',
    template: '/campaign/{id}',
    path: `/campaign/${enc(ID)}`,
  },
  {
    name: 'campaigns.update',
    run: (c) => c.campaigns.update(ID, { name: 'Q3' }),
    method: 'PATCH',
    template: '/campaign/{id}',
    path: `/campaign/${enc(ID)}`,
    body: { name: 'Q3' },
  },
  {
    name: 'campaigns.delete',
    run: (c) => c.campaigns.delete(ID),
    method: 'DELETE',
    template: '/campaign/{id}',
    path: `/campaign/${enc(ID)}`,
  },
  // sessions
  {
    name: 'sessions.create',
    run: (c) => c.sessions.create({ name: 'S', assistantId: 'a1' }),
    method: 'POST',
    template: '/session',
    path: '/session',
    body: { name: 'S', assistantId: 'a1' },
  },
  {
    name: 'sessions.list',
    run: (c) => c.sessions.list({ assistantId: 'a1' }),
    method: 'GET',
    template: '/session',
    path: '/session',
    query: { assistantId: 'a1' },
  },
  {
    name: 'sessions.retrieve',
    run: (c) => c.sessions.retrieve(ID),
    method: 'GET',
    template: '/session/{id}',
    path: `/session/${enc(ID)}`,
  },
  {
    name: 'sessions.update',
    run: (c) => c.sessions.update(ID, { name: 'S2' }),
    method: 'PATCH',
    template: '/session/{id}',
    path: `/session/${enc(ID)}`,
    body: { name: 'S2' },
  },
  {
    name: 'sessions.delete',
    run: (c) => c.sessions.delete(ID),
    method: 'DELETE',
    template: '/session/{id}',
    path: `/session/${enc(ID)}`,
  },
  // phone numbers
  {
    name: 'phoneNumbers.create',
    run: (c) => c.phoneNumbers.create({ provider: 'vapi', name: 'Main' }),
    method: 'POST',
    template: '/phone-number',
    path: '/phone-number',
    body: { provider: 'vapi', name: 'Main' },
  },
  {
    name: 'phoneNumbers.list',
    run: (c) => c.phoneNumbers.list({ limit: 4 }),
    method: 'GET',
    template: '/phone-number',
    path: '/phone-number',
    query: { limit: '4' },
  },
  {
    name: 'phoneNumbers.retrieve',
    run: (c) => c.phoneNumbers.retrieve(ID),
    method: 'GET',
    template: '/phone-number/{id}',
    path: `/phone-number/${enc(ID)}`,
  },
  {
    name: 'phoneNumbers.update',
    run: (c) => c.phoneNumbers.update(ID, { provider: 'vapi', name: 'Main 2' }),
    method: 'PATCH',
    template: '/phone-number/{id}',
    path: `/phone-number/${enc(ID)}`,
    body: { provider: 'vapi', name: 'Main 2' },
  },
  {
    name: 'phoneNumbers.delete',
    run: (c) => c.phoneNumbers.delete(ID),
    method: 'DELETE',
    template: '/phone-number/{id}',
    path: `/phone-number/${enc(ID)}`,
  },
  {
    name: 'phoneNumbers.importTwilio',
    run: (c) =>
      c.phoneNumbers.importTwilio({ twilioPhoneNumber: '+15550001111', twilioAccountSid: 'AC1', twilioAuthToken: 't' }),
    method: 'POST',
    template: '/phone-number/import/twilio',
    path: '/phone-number/import/twilio',
    body: { twilioPhoneNumber: '+15550001111', twilioAccountSid: 'AC1', twilioAuthToken: 't' },
  },
  {
    name: 'phoneNumbers.importVonage',
    run: (c) => c.phoneNumbers.importVonage({ vonagePhoneNumber: '15550001111', credentialId: 'cr1' }),
    method: 'POST',
    template: '/phone-number/import/vonage',
    path: '/phone-number/import/vonage',
    body: { vonagePhoneNumber: '15550001111', credentialId: 'cr1' },
  },
  // tools
  {
    name: 'tools.create',
    run: (c) => c.tools.create({ type: 'function', function: { name: 'get_weather' } }),
    method: 'POST',
    template: '/tool',
    path: '/tool',
    body: { type: 'function', function: { name: 'get_weather' } },
  },
  {
    name: 'tools.list',
    run: (c) => c.tools.list({ limit: 7 }),
    method: 'GET',
    template: '/tool',
    path: '/tool',
    query: { limit: '7' },
  },
  {
    name: 'tools.retrieve',
    run: (c) => c.tools.retrieve(ID),
    method: 'GET',
    template: '/tool/{id}',
    path: `/tool/${enc(ID)}`,
  },
  {
    name: 'tools.update',
    run: (c) => c.tools.update(ID, { type: 'function', function: { name: 'get_time' } }),
    method: 'PATCH',
    template: '/tool/{id}',
    path: `/tool/${enc(ID)}`,
    body: { type: 'function', function: { name: 'get_time' } },
  },
  {
    name: 'tools.delete',
    run: (c) => c.tools.delete(ID),
    method: 'DELETE',
    template: '/tool/{id}',
    path: `/tool/${enc(ID)}`,
  },
  // files (multipart)
  {
    name: 'files.create',
    run: (c) =>
      c.files.create({ file: new File(['hello'], 'notes.txt', { type: 'text/plain' }), purpose: 'assistant' }),
    method: 'POST',
    template: '/file',
    path: '/file',
    multipart: ['file', 'purpose'],
  },
  {
    name: 'files.upload',
    run: (c) => c.files.upload({ file: blob('hello', 'text/plain'), fileName: 'a.txt' }),
    method: 'POST',
    template: '/file/upload',
    path: '/file/upload',
    multipart: ['file'],
  },
  {
    name: 'files.list',
    run: (c) => c.files.list({ purpose: 'assistant' }),
    method: 'GET',
    template: '/file',
    path: '/file',
    query: { purpose: 'assistant' },
  },
  {
    name: 'files.retrieve',
    run: (c) => c.files.retrieve(ID),
    method: 'GET',
    template: '/file/{id}',
    path: `/file/${enc(ID)}`,
  },
  {
    name: 'files.update',
    run: (c) => c.files.update(ID, { name: 'renamed.txt' }),
    method: 'PATCH',
    template: '/file/{id}',
    path: `/file/${enc(ID)}`,
    body: { name: 'renamed.txt' },
  },
  {
    name: 'files.delete',
    run: (c) => c.files.delete(ID),
    method: 'DELETE',
    template: '/file/{id}',
    path: `/file/${enc(ID)}`,
  },
  // knowledge bases (v1)
  {
    name: 'knowledgeBases.create',
    run: (c) => c.knowledgeBases.create({ provider: 'custom-knowledge-base', server: { url: 'https://kb.example' } }),
    method: 'POST',
    template: '/knowledge-base',
    path: '/knowledge-base',
    body: { provider: 'custom-knowledge-base', server: { url: 'https://kb.example' } },
  },
  {
    name: 'knowledgeBases.list',
    run: (c) => c.knowledgeBases.list(),
    method: 'GET',
    template: '/knowledge-base',
    path: '/knowledge-base',
  },
  {
    name: 'knowledgeBases.retrieve',
    run: (c) => c.knowledgeBases.retrieve(ID),
    method: 'GET',
    template: '/knowledge-base/{id}',
    path: `/knowledge-base/${enc(ID)}`,
  },
  {
    name: 'knowledgeBases.update',
    run: (c) => c.knowledgeBases.update(ID, { name: 'kb' }),
    method: 'PATCH',
    template: '/knowledge-base/{id}',
    path: `/knowledge-base/${enc(ID)}`,
    body: { name: 'kb' },
  },
  {
    name: 'knowledgeBases.delete',
    run: (c) => c.knowledgeBases.delete(ID),
    method: 'DELETE',
    template: '/knowledge-base/{id}',
    path: `/knowledge-base/${enc(ID)}`,
  },
  // structured outputs
  {
    name: 'structuredOutputs.create',
    run: (c) => c.structuredOutputs.create({ name: 'lead', schema: { type: 'object' } }),
    method: 'POST',
    template: '/structured-output',
    path: '/structured-output',
    body: { name: 'lead', schema: { type: 'object' } },
  },
  {
    name: 'structuredOutputs.list',
    run: (c) => c.structuredOutputs.list({ name: 'lead' }),
    method: 'GET',
    template: '/structured-output',
    path: '/structured-output',
    query: { name: 'lead' },
  },
  {
    name: 'structuredOutputs.retrieve',
    run: (c) => c.structuredOutputs.retrieve(ID),
    method: 'GET',
    template: '/structured-output/{id}',
    path: `/structured-output/${enc(ID)}`,
  },
  {
    name: 'structuredOutputs.update',
    run: (c) => c.structuredOutputs.update(ID, { name: 'lead2' }, { schemaOverride: 'true' }),
    method: 'PATCH',
    template: '/structured-output/{id}',
    path: `/structured-output/${enc(ID)}`,
    query: { schemaOverride: 'true' },
    body: { name: 'lead2' },
  },
  {
    name: 'structuredOutputs.delete',
    run: (c) => c.structuredOutputs.delete(ID),
    method: 'DELETE',
    template: '/structured-output/{id}',
    path: `/structured-output/${enc(ID)}`,
  },
  // test suites, tests, runs
  {
    name: 'testSuites.create',
    run: (c) => c.testSuites.create({ name: 'Smoke' }),
    method: 'POST',
    template: '/test-suite',
    path: '/test-suite',
    body: { name: 'Smoke' },
  },
  {
    name: 'testSuites.list',
    run: (c) => c.testSuites.list({ page: 1 }),
    method: 'GET',
    template: '/test-suite',
    path: '/test-suite',
    query: { page: '1' },
  },
  {
    name: 'testSuites.retrieve',
    run: (c) => c.testSuites.retrieve(ID),
    method: 'GET',
    template: '/test-suite/{id}',
    path: `/test-suite/${enc(ID)}`,
  },
  {
    name: 'testSuites.update',
    run: (c) => c.testSuites.update(ID, { name: 'Smoke 2' }),
    method: 'PATCH',
    template: '/test-suite/{id}',
    path: `/test-suite/${enc(ID)}`,
    body: { name: 'Smoke 2' },
  },
  {
    name: 'testSuites.delete',
    run: (c) => c.testSuites.delete(ID),
    method: 'DELETE',
    template: '/test-suite/{id}',
    path: `/test-suite/${enc(ID)}`,
  },
  {
    name: 'testSuites.tests.create',
    run: (c) =>
      c.testSuites.tests.create(ID, {
        type: 'voice',
        script: 'Ask for hours',
        scorers: [{ type: 'ai', rubric: 'Gives hours' }],
      }),
    method: 'POST',
    template: '/test-suite/{id}/test',
    path: `/test-suite/${enc(ID)}/test`,
    body: { type: 'voice', script: 'Ask for hours', scorers: [{ type: 'ai', rubric: 'Gives hours' }] },
  },
  {
    name: 'testSuites.tests.list',
    run: (c) => c.testSuites.tests.list(ID),
    method: 'GET',
    template: '/test-suite/{id}/test',
    path: `/test-suite/${enc(ID)}/test`,
  },
  {
    name: 'testSuites.tests.retrieve',
    run: (c) => c.testSuites.tests.retrieve(ID, ID2),
    method: 'GET',
    template: '/test-suite/{id}/test/{testId}',
    path: `/test-suite/${enc(ID)}/test/${enc(ID2)}`,
  },
  {
    name: 'testSuites.tests.update',
    run: (c) => c.testSuites.tests.update(ID, ID2, { script: 'Ask again' }),
    method: 'PATCH',
    template: '/test-suite/{id}/test/{testId}',
    path: `/test-suite/${enc(ID)}/test/${enc(ID2)}`,
    body: { script: 'Ask again' },
  },
  {
    name: 'testSuites.tests.delete',
    run: (c) => c.testSuites.tests.delete(ID, ID2),
    method: 'DELETE',
    template: '/test-suite/{id}/test/{testId}',
    path: `/test-suite/${enc(ID)}/test/${enc(ID2)}`,
  },
  {
    name: 'testSuites.runs.create',
    run: (c) => c.testSuites.runs.create(ID, { name: 'Run 1' }),
    method: 'POST',
    template: '/test-suite/{id}/run',
    path: `/test-suite/${enc(ID)}/run`,
    body: { name: 'Run 1' },
  },
  {
    name: 'testSuites.runs.list',
    run: (c) => c.testSuites.runs.list(ID, { limit: 9 }),
    method: 'GET',
    template: '/test-suite/{id}/run',
    path: `/test-suite/${enc(ID)}/run`,
    query: { limit: '9' },
  },
  {
    name: 'testSuites.runs.retrieve',
    run: (c) => c.testSuites.runs.retrieve(ID, ID2),
    method: 'GET',
    template: '/test-suite/{id}/run/{runId}',
    path: `/test-suite/${enc(ID)}/run/${enc(ID2)}`,
  },
  {
    name: 'testSuites.runs.update',
    run: (c) => c.testSuites.runs.update(ID, ID2, { name: 'Run 1b' }),
    method: 'PATCH',
    template: '/test-suite/{id}/run/{runId}',
    path: `/test-suite/${enc(ID)}/run/${enc(ID2)}`,
    body: { name: 'Run 1b' },
  },
  {
    name: 'testSuites.runs.delete',
    run: (c) => c.testSuites.runs.delete(ID, ID2),
    method: 'DELETE',
    template: '/test-suite/{id}/run/{runId}',
    path: `/test-suite/${enc(ID)}/run/${enc(ID2)}`,
  },
  // evals, runs
  {
    name: 'evals.create',
    run: (c) => c.evals.create({ type: 'chat.mockConversation', messages: [{ role: 'user', content: 'Hi' }] }),
    method: 'POST',
    template: '/eval',
    path: '/eval',
    body: { type: 'chat.mockConversation', messages: [{ role: 'user', content: 'Hi' }] },
  },
  {
    name: 'evals.list',
    run: (c) => c.evals.list({ limit: 2 }),
    method: 'GET',
    template: '/eval',
    path: '/eval',
    query: { limit: '2' },
  },
  {
    name: 'evals.retrieve',
    run: (c) => c.evals.retrieve(ID),
    method: 'GET',
    template: '/eval/{id}',
    path: `/eval/${enc(ID)}`,
  },
  {
    name: 'evals.update',
    run: (c) => c.evals.update(ID, { name: 'e2' }),
    method: 'PATCH',
    template: '/eval/{id}',
    path: `/eval/${enc(ID)}`,
    body: { name: 'e2' },
  },
  {
    name: 'evals.delete',
    run: (c) => c.evals.delete(ID),
    method: 'DELETE',
    template: '/eval/{id}',
    path: `/eval/${enc(ID)}`,
  },
  {
    name: 'evals.runs.create',
    run: (c) => c.evals.runs.create({ type: 'eval', evalId: 'e1', target: { type: 'assistant', assistantId: 'a1' } }),
    method: 'POST',
    template: '/eval/run',
    path: '/eval/run',
    body: { type: 'eval', evalId: 'e1', target: { type: 'assistant', assistantId: 'a1' } },
  },
  {
    name: 'evals.runs.list',
    run: (c) => c.evals.runs.list({ limit: 2 }),
    method: 'GET',
    template: '/eval/run',
    path: '/eval/run',
    query: { limit: '2' },
  },
  {
    name: 'evals.runs.retrieve',
    run: (c) => c.evals.runs.retrieve(ID),
    method: 'GET',
    template: '/eval/run/{id}',
    path: `/eval/run/${enc(ID)}`,
  },
  {
    name: 'evals.runs.delete',
    run: (c) => c.evals.runs.delete(ID),
    method: 'DELETE',
    template: '/eval/run/{id}',
    path: `/eval/run/${enc(ID)}`,
  },
  // orgs
  {
    name: 'orgs.create',
    run: (c) => c.orgs.create({ name: 'Acme' }),
    method: 'POST',
    template: '/org',
    path: '/org',
    body: { name: 'Acme' },
  },
  { name: 'orgs.list', run: (c) => c.orgs.list(), method: 'GET', template: '/org', path: '/org' },
  {
    name: 'orgs.featureFlags',
    run: (c) => c.orgs.featureFlags({ flag: 'beta' }),
    method: 'GET',
    template: '/org/feature-flag',
    path: '/org/feature-flag',
    query: { flag: 'beta' },
  },
  {
    name: 'orgs.retrieve',
    run: (c) => c.orgs.retrieve(ID),
    method: 'GET',
    template: '/org/{id}',
    path: `/org/${enc(ID)}`,
  },
  {
    name: 'orgs.update',
    run: (c) => c.orgs.update(ID, { name: 'Acme 2' }),
    method: 'PATCH',
    template: '/org/{id}',
    path: `/org/${enc(ID)}`,
    body: { name: 'Acme 2' },
  },
  {
    name: 'orgs.delete',
    run: (c) => c.orgs.delete(ID),
    method: 'DELETE',
    template: '/org/{id}',
    path: `/org/${enc(ID)}`,
  },
  {
    name: 'orgs.listUsers',
    run: (c) => c.orgs.listUsers(ID),
    method: 'GET',
    template: '/org/{id}/user',
    path: `/org/${enc(ID)}/user`,
  },
  {
    name: 'orgs.leave',
    run: (c) => c.orgs.leave(ID),
    method: 'DELETE',
    template: '/org/{id}/leave',
    path: `/org/${enc(ID)}/leave`,
  },
  {
    name: 'orgs.removeMember',
    run: (c) => c.orgs.removeMember(ID, ID2),
    method: 'DELETE',
    template: '/org/{id}/member/{userId}/leave',
    path: `/org/${enc(ID)}/member/${enc(ID2)}/leave`,
  },
  {
    name: 'orgs.invite',
    run: (c) => c.orgs.invite(ID, { emails: ['a@example.com'], role: 'editor' }),
    method: 'POST',
    template: '/org/{id}/invite',
    path: `/org/${enc(ID)}/invite`,
    body: { emails: ['a@example.com'], role: 'editor' },
  },
  {
    name: 'orgs.updateRole',
    run: (c) => c.orgs.updateRole(ID, { userId: 'u1', role: 'viewer' }),
    method: 'PATCH',
    template: '/org/{id}/role',
    path: `/org/${enc(ID)}/role`,
    body: { userId: 'u1', role: 'viewer' },
  },
  {
    name: 'orgs.auth',
    run: (c) => c.orgs.auth(ID),
    method: 'GET',
    template: '/org/{id}/auth',
    path: `/org/${enc(ID)}/auth`,
  },
  // tokens
  {
    name: 'tokens.create',
    run: (c) => c.tokens.create({ name: 'site', tag: 'public' }),
    method: 'POST',
    template: '/token',
    path: '/token',
    body: { name: 'site', tag: 'public' },
  },
  { name: 'tokens.list', run: (c) => c.tokens.list(), method: 'GET', template: '/token', path: '/token' },
  {
    name: 'tokens.retrieve',
    run: (c) => c.tokens.retrieve(ID),
    method: 'GET',
    template: '/token/{id}',
    path: `/token/${enc(ID)}`,
  },
  {
    name: 'tokens.update',
    run: (c) => c.tokens.update(ID, { name: 'site 2' }),
    method: 'PATCH',
    template: '/token/{id}',
    path: `/token/${enc(ID)}`,
    body: { name: 'site 2' },
  },
  {
    name: 'tokens.delete',
    run: (c) => c.tokens.delete(ID),
    method: 'DELETE',
    template: '/token/{id}',
    path: `/token/${enc(ID)}`,
  },
  // credentials
  {
    name: 'credentials.create',
    run: (c) => c.credentials.create({ provider: 'openai', apiKey: 'k' }),
    method: 'POST',
    template: '/credential',
    path: '/credential',
    body: { provider: 'openai', apiKey: 'k' },
  },
  {
    name: 'credentials.list',
    run: (c) => c.credentials.list(),
    method: 'GET',
    template: '/credential',
    path: '/credential',
  },
  {
    name: 'credentials.retrieve',
    run: (c) => c.credentials.retrieve(ID),
    method: 'GET',
    template: '/credential/{id}',
    path: `/credential/${enc(ID)}`,
  },
  {
    name: 'credentials.update',
    run: (c) => c.credentials.update(ID, { name: 'key' }),
    method: 'PATCH',
    template: '/credential/{id}',
    path: `/credential/${enc(ID)}`,
    body: { name: 'key' },
  },
  {
    name: 'credentials.delete',
    run: (c) => c.credentials.delete(ID),
    method: 'DELETE',
    template: '/credential/{id}',
    path: `/credential/${enc(ID)}`,
  },
  {
    name: 'credentials.createSession',
    run: (c) => c.credentials.createSession({ provider: 'google.calendar.oauth2-authorization' }),
    method: 'POST',
    template: '/credential/session',
    path: '/credential/session',
    body: { provider: 'google.calendar.oauth2-authorization' },
  },
  {
    name: 'credentials.webhook',
    run: (c) => c.credentials.webhook(WEBHOOK),
    method: 'POST',
    template: '/credential/webhook',
    path: '/credential/webhook',
    noAuth: true,
    body: undefined,
  },
  {
    name: 'credentials.trigger',
    run: (c) => c.credentials.trigger({ credentialId: 'cr1', action: 'refresh' }),
    method: 'POST',
    template: '/credential/trigger',
    path: '/credential/trigger',
    body: { credentialId: 'cr1', action: 'refresh' },
  },
  // templates
  {
    name: 'templates.create',
    run: (c) => c.templates.create({ type: 'tool', name: 'tpl' }),
    method: 'POST',
    template: '/template',
    path: '/template',
    body: { type: 'tool', name: 'tpl' },
  },
  { name: 'templates.list', run: (c) => c.templates.list(), method: 'GET', template: '/template', path: '/template' },
  {
    name: 'templates.retrieve',
    run: (c) => c.templates.retrieve(ID),
    method: 'GET',
    template: '/template/{id}',
    path: `/template/${enc(ID)}`,
  },
  {
    name: 'templates.update',
    run: (c) => c.templates.update(ID, { type: 'tool', name: 'tpl2' }),
    method: 'PATCH',
    template: '/template/{id}',
    path: `/template/${enc(ID)}`,
    body: { type: 'tool', name: 'tpl2' },
  },
  {
    name: 'templates.delete',
    run: (c) => c.templates.delete(ID),
    method: 'DELETE',
    template: '/template/{id}',
    path: `/template/${enc(ID)}`,
  },
  {
    name: 'templates.listPinned',
    run: (c) => c.templates.listPinned(),
    method: 'GET',
    template: '/template/pinned',
    path: '/template/pinned',
  },
  // voice library
  {
    name: 'voiceLibrary.list',
    run: (c) => c.voiceLibrary.list('11labs', { keyword: 'warm', page: 2 }),
    method: 'GET',
    template: '/voice-library/{provider}',
    path: '/voice-library/11labs',
    query: { keyword: 'warm', page: '2' },
  },
  {
    name: 'voiceLibrary.accents',
    run: (c) => c.voiceLibrary.accents('11labs'),
    method: 'GET',
    template: '/voice-library/{provider}/accents',
    path: '/voice-library/11labs/accents',
  },
  {
    name: 'voiceLibrary.syncProvider',
    run: (c) => c.voiceLibrary.syncProvider('cartesia'),
    method: 'POST',
    template: '/voice-library/sync/{provider}',
    path: '/voice-library/sync/cartesia',
  },
  {
    name: 'voiceLibrary.sync',
    run: (c) => c.voiceLibrary.sync({ providers: ['11labs'] }),
    method: 'POST',
    template: '/voice-library/sync',
    path: '/voice-library/sync',
    body: { providers: ['11labs'] },
  },
  {
    name: 'voiceLibrary.createSesameVoice',
    run: (c) =>
      c.voiceLibrary.createSesameVoice({
        voiceName: 'Sam',
        transcription: 'Hello there',
        file: 'https://files.example/sam.wav',
      }),
    method: 'POST',
    template: '/voice-library/create-sesame-voice',
    path: '/voice-library/create-sesame-voice',
    body: { voiceName: 'Sam', transcription: 'Hello there', file: 'https://files.example/sam.wav' },
  },
  // providers
  {
    name: 'providers.create',
    run: (c) => c.providers.create('11labs', 'pronunciation-dictionary', { name: 'dict' }),
    method: 'POST',
    template: '/provider/{provider}/{resourceName}',
    path: '/provider/11labs/pronunciation-dictionary',
    body: { name: 'dict' },
  },
  {
    name: 'providers.list',
    run: (c) => c.providers.list('11labs', 'pronunciation-dictionary', { limit: 1 }),
    method: 'GET',
    template: '/provider/{provider}/{resourceName}',
    path: '/provider/11labs/pronunciation-dictionary',
    query: { limit: '1' },
  },
  {
    name: 'providers.retrieve',
    run: (c) => c.providers.retrieve('11labs', 'pronunciation-dictionary', ID),
    method: 'GET',
    template: '/provider/{provider}/{resourceName}/{id}',
    path: `/provider/11labs/pronunciation-dictionary/${enc(ID)}`,
  },
  {
    name: 'providers.update',
    run: (c) => c.providers.update('11labs', 'pronunciation-dictionary', ID, { name: 'dict2' }),
    method: 'PATCH',
    template: '/provider/{provider}/{resourceName}/{id}',
    path: `/provider/11labs/pronunciation-dictionary/${enc(ID)}`,
    body: { name: 'dict2' },
  },
  {
    name: 'providers.delete',
    run: (c) => c.providers.delete('11labs', 'pronunciation-dictionary', ID),
    method: 'DELETE',
    template: '/provider/{provider}/{resourceName}/{id}',
    path: `/provider/11labs/pronunciation-dictionary/${enc(ID)}`,
  },
  {
    name: 'providers.workflows',
    run: (c) => c.providers.workflows('gohighlevel', { locationId: 'l1' }),
    method: 'GET',
    template: '/{provider}/workflows',
    path: '/gohighlevel/workflows',
    query: { locationId: 'l1' },
  },
  {
    name: 'providers.workflowHooks',
    run: (c) => c.providers.workflowHooks('gohighlevel', ID2),
    method: 'GET',
    template: '/{provider}/workflows/{workflowId}/hooks',
    path: `/gohighlevel/workflows/${enc(ID2)}/hooks`,
  },
  {
    name: 'providers.locations',
    run: (c) => c.providers.locations('gohighlevel'),
    method: 'GET',
    template: '/{provider}/locations',
    path: '/gohighlevel/locations',
  },
  {
    name: 'providers.searchVoices',
    run: (c) => c.providers.searchVoices('11labs', { name: 'Rachel' }),
    method: 'GET',
    template: '/{provider}/voices/search',
    path: '/11labs/voices/search',
    query: { name: 'Rachel' },
  },
  {
    name: 'providers.searchVoice',
    run: (c) => c.providers.searchVoice('11labs', { name: 'Rachel' }),
    method: 'GET',
    template: '/{provider}/voice/search',
    path: '/11labs/voice/search',
    query: { name: 'Rachel' },
  },
  {
    name: 'providers.addVoices',
    run: (c) => c.providers.addVoices('11labs', { voiceId: 'v1', ownerId: 'o1' }),
    method: 'POST',
    template: '/{provider}/voices/add',
    path: '/11labs/voices/add',
    body: { voiceId: 'v1', ownerId: 'o1' },
  },
  {
    name: 'providers.addVoice',
    run: (c) => c.providers.addVoice('11labs', { voiceId: 'v1', ownerId: 'o1' }),
    method: 'POST',
    template: '/{provider}/voice/add',
    path: '/11labs/voice/add',
    body: { voiceId: 'v1', ownerId: 'o1' },
  },
  {
    name: 'providers.cloneElevenLabsVoice',
    run: (c) =>
      c.providers.cloneElevenLabsVoice({
        name: 'Me',
        files: [new File(['RIFF'], 'a.wav'), new File(['RIFF'], 'b.wav')],
      }),
    method: 'POST',
    template: '/11labs/voice/clone',
    path: '/11labs/voice/clone',
    multipart: ['name', 'files'],
  },
  // analytics
  {
    name: 'analytics.query',
    run: (c) => c.analytics.query(ANALYTICS),
    method: 'POST',
    template: '/analytics',
    path: '/analytics',
    body: undefined,
  },
]

const WEBHOOK: Parameters<PlatformClient['credentials']['webhook']>[0] = {
  type: 'auth',
  operation: 'creation',
  from: 'nango',
  connectionId: 'conn_1',
  authMode: 'OAUTH2',
  providerConfigKey: 'google-calendar',
  provider: 'google-calendar',
  environment: 'prod',
  success: true,
  endUser: { endUserId: 'u1', organizationId: 'org_1' },
}
const ANALYTICS: Parameters<PlatformClient['analytics']['query']>[0] = {
  queries: [{ table: 'call', name: 'total', operations: [{ operation: 'sum', column: 'cost' }] }],
}
for (const r of rows) {
  if (r.name === 'credentials.webhook') r.body = WEBHOOK
  if (r.name === 'analytics.query') r.body = ANALYTICS
}

/** Methods every resource exposes, discovered from the client, so a method missing from the table fails. */
function publicMethods(client: PlatformClient): string[] {
  const out: string[] = []
  const visit = (obj: object, prefix: string): void => {
    const proto = Object.getPrototypeOf(obj) as object
    const names = new Set([
      ...Object.getOwnPropertyNames(obj),
      ...(proto === Object.prototype ? [] : Object.getOwnPropertyNames(proto)),
    ])
    for (const n of names) {
      if (n === 'constructor' || n.startsWith('_')) continue
      const v = (obj as Record<string, unknown>)[n]
      if (typeof v === 'function') out.push(`${prefix}${n}`)
      else if (v && typeof v === 'object' && !Array.isArray(v)) visit(v, `${prefix}${n}.`)
    }
  }
  for (const [k, v] of Object.entries(client)) if (k !== 'core' && v && typeof v === 'object') visit(v, `${k}.`)
  return out.sort()
}

let server: PlatformServer
let client: PlatformClient
beforeAll(async () => {
  server = await startPlatformServer()
  client = createPlatformClient({ token: TOKEN, baseUrl: server.url, maxRetries: 0 })
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  server.fallback = (req) =>
    req.method === 'GET'
      ? { body: { results: [{ id: 'r1' }], metadata: { itemsPerPage: 100, totalItems: 1, currentPage: 1 }, id: 'r1' } }
      : { status: req.method === 'POST' ? 201 : 200, body: { id: 'r1', webCallUrl: 'https://room.example/r1' } }
})

describe('endpoint table', () => {
  it('covers every public method of every resource', () => {
    expect(rows.map((r) => r.name).sort()).toEqual(publicMethods(client))
  })

  it.each(rows)('$name → $method $template', async (row) => {
    await row.run(client)
    expect(server.requests).toHaveLength(1)
    const req = server.requests[0] as RecordedRequest
    expect(req.method).toBe(row.method)
    expect(req.path).toBe(row.path)
    expect(Object.fromEntries(req.query)).toEqual(row.query ?? {})
    // headers
    if (row.noAuth) expect(req.headers.authorization).toBeUndefined()
    else expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`)
    expect(req.headers.accept).toBe('application/json')
    if (row.multipart) {
      expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
      const form = await new Response(new Uint8Array(req.body), {
        headers: { 'content-type': req.headers['content-type'] as string },
      }).formData()
      expect([...new Set(form.keys())].sort()).toEqual([...row.multipart].sort())
      for (const v of form.values()) if (typeof v !== 'string') expect(v.size).toBeGreaterThan(0)
    } else if (row.body !== undefined) {
      expect(req.headers['content-type']).toBe('application/json')
      expect(req.json).toEqual(row.body)
    } else {
      expect(req.body.length).toBe(0)
      expect(req.headers['content-type']).toBeUndefined()
    }
    // schema validation of JSON bodies (official document, or supplement reusing official DTOs)
    if (row.body !== undefined) {
      const validate = bodyValidator(row.method, row.template)
      if (
        inOfficialDocument(row.method, row.template) &&
        row.name !== 'providers.create' &&
        row.name !== 'providers.update'
      ) {
        expect(validate, `official schema for ${row.method} ${row.template}`).not.toBeNull()
      }
      if (validate) {
        const ok = validate(req.json)
        expect(ok, JSON.stringify(validate.errors?.slice(0, 3))).toBe(true)
      }
    }
  })
})
