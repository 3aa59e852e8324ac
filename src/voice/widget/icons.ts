/**
 * The idle widget's icons (Lucide's shapes, drawn by dom.ts `svgIcon`): shared by the mount and the toast stack.
 * @module
 */
import { svgIcon } from './dom'

/** Lucide's mic, square (stop), x (close), message-circle (chat) and keyboard icons, 24×24, stroke 2. */
export const ICONS = {
  chat: [['path', { d: 'M7.9 20A9 9 0 1 0 4 16.1L2 22Z' }]],
  keyboard: [
    ['path', { d: 'M10 8h.01' }],
    ['path', { d: 'M12 12h.01' }],
    ['path', { d: 'M14 8h.01' }],
    ['path', { d: 'M16 12h.01' }],
    ['path', { d: 'M18 8h.01' }],
    ['path', { d: 'M6 8h.01' }],
    ['path', { d: 'M7 16h10' }],
    ['path', { d: 'M8 12h.01' }],
    ['rect', { width: '20', height: '16', x: '2', y: '4', rx: '2' }],
  ],
  mic: [
    ['path', { d: 'M12 19v3' }],
    ['path', { d: 'M19 10v2a7 7 0 0 1-14 0v-2' }],
    ['rect', { x: '9', y: '2', width: '6', height: '13', rx: '3' }],
  ],
  stop: [['rect', { x: '3', y: '3', width: '18', height: '18', rx: '2', fill: 'currentColor' }]],
  close: [
    ['path', { d: 'M18 6 6 18' }],
    ['path', { d: 'm6 6 12 12' }],
  ],
} as const

/** Name of one of {@link ICONS}. */
export type IconName = keyof typeof ICONS

/** A new `<svg>` of the named icon (aria-hidden, not focusable). */
export const icon = (name: IconName): SVGSVGElement => svgIcon(ICONS[name])
