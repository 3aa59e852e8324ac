/**
 * The rooms of the web calls, held by a local server rather than by the page: what makes a call outlive a page
 * load. Plugged into the `POST /call/web` stand-in (tests/servers/platform-server.ts) as its request handler, it
 * answers:
 *
 * - `POST /call/web` — creates the call's room. Like Vapi, the room is deleted when its last participant leaves
 *   unless the request said `roomDeleteOnUserLeaveEnabled: false` (`CreateWebCallDTO`, openapi/vapi-openapi.json).
 *   The web call carries a Live Call Control URL (`monitor.controlUrl`) on the same server.
 * - `POST /daily/rooms/join` `{ url }` — the Daily stand-in (tests/servers/daily-standin.ts) joins the room:
 *   200, or 404 with Daily's error shape (`{ error: { type: 'no-room' } }`) when the room no longer exists.
 * - `POST /daily/rooms/leave` `{ url }` — the stand-in's call object left (sent with `sendBeacon`, so it arrives
 *   even from a page being unloaded).
 * - `POST /daily/rooms/end` `{ url }` — the stand-in's call object sent the `end-call` app message (Live Call
 *   Control through the room): the call ends, the room is deleted.
 * - `POST <controlUrl>` `{ "type": "end-call" }` — Live Call Control ends the call: the room is deleted.
 *
 * Every other request gets a 200 `{}`; every response carries the CORS headers a page on another origin needs.
 */
import type { RecordedRequest, Reply } from './platform-server'

/** One room, as the server holds it. */
export interface Room {
  url: string
  /** Participants in the room now. */
  participants: number
  /** Joins so far (one per page that joined). */
  joins: number
  /** Whether the room goes when its last participant leaves. */
  deleteOnLeave: boolean
  /** Why the room is gone (`left` or `end-call`); undefined while it exists. */
  deleted?: 'left' | 'end-call'
}

/** CORS headers of every answer. */
export const ROOMS_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, accept',
  'access-control-allow-methods': 'POST, OPTIONS',
}

/**
 * A room-holding request handler for the platform stand-in, and the rooms it holds.
 * @param baseUrl - the stand-in's own URL (`platform.url`), for the control URLs.
 * @param webCall - the web call `POST /call/web` answers with (its `webCallUrl` names the room).
 */
export function dailyRooms(baseUrl: string, webCall: { id: string; webCallUrl: string }) {
  const rooms = new Map<string, Room>()
  const controlPath = `/${webCall.id}/control`
  /** The room a join or leave names (a beacon's body is text/plain JSON, so the body is parsed here). */
  const roomOf = (req: RecordedRequest) => {
    try {
      return rooms.get(String((JSON.parse(req.body.toString('utf8')) as { url?: unknown }).url ?? ''))
    } catch {
      return undefined
    }
  }
  const reply = (status: number, body: unknown): Reply => ({ status, headers: ROOMS_CORS, body })

  const handle = (req: RecordedRequest): Reply => {
    if (req.method === 'OPTIONS') return { status: 204, headers: ROOMS_CORS }
    if (req.method === 'POST' && req.path === '/call/web') {
      const deleteOnLeave =
        (req.json as { roomDeleteOnUserLeaveEnabled?: unknown }).roomDeleteOnUserLeaveEnabled !== false
      rooms.set(webCall.webCallUrl, { url: webCall.webCallUrl, participants: 0, joins: 0, deleteOnLeave })
      return reply(201, { ...webCall, monitor: { controlUrl: `${baseUrl}${controlPath}` } })
    }
    if (req.method === 'POST' && req.path === '/daily/rooms/join') {
      const room = roomOf(req)
      if (!room || room.deleted) return reply(404, { error: { type: 'no-room', msg: 'The room does not exist.' } })
      room.participants++
      room.joins++
      return reply(200, { participants: room.participants })
    }
    if (req.method === 'POST' && req.path === '/daily/rooms/leave') {
      const room = roomOf(req)
      if (room && !room.deleted) {
        room.participants = Math.max(0, room.participants - 1)
        if (room.participants === 0 && room.deleteOnLeave) room.deleted = 'left'
      }
      return reply(200, {})
    }
    if (req.method === 'POST' && req.path === '/daily/rooms/end') {
      const room = roomOf(req)
      if (room) room.deleted ??= 'end-call'
      return reply(200, {})
    }
    if (req.method === 'POST' && req.path === controlPath) {
      const room = rooms.get(webCall.webCallUrl)
      if (room && (req.json as { type?: unknown } | undefined)?.type === 'end-call') room.deleted ??= 'end-call'
      return reply(200, {})
    }
    return reply(200, {})
  }
  return { handle, rooms, controlPath }
}
