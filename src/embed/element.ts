/**
 * `<voiceos-widget>`: the widget's settings as markup, for pages that prefer an element to a script tag's
 * `data-` attributes or an `init()` call (as `<vapi-widget>` and `<elevenlabs-convai>` are used):
 *
 *     <voiceos-widget public-key="…" assistant-id="…" theme="dark"></voiceos-widget>
 *
 * Its attributes are the settings' kebab-case names without `data-` (`ELEMENT_ATTRIBUTES`, src/embed/config.ts).
 * The element renders nothing itself: while it is in the document, the page's one widget floats with its
 * settings (a change of an attribute shows it again with the new settings); removing it removes the widget.
 * The last element connected, or the last `init()` call, wins.
 */
import { parseEmbedSettings, settingsFromElement } from './config'
import { ELEMENT_ATTRIBUTES } from './settings'
import { later, type WidgetController } from './controller'

/** The element's tag name. */
export const ELEMENT_TAG = 'voiceos-widget'

declare global {
  interface HTMLElementTagNameMap {
    /** The VoiceOS widget's settings as attributes (src/embed/element.ts). */
    'voiceos-widget': HTMLElement
  }
}

/**
 * Defines `<voiceos-widget>` on this page's custom element registry, driving `controller`. Does nothing where
 * there is no registry (a server render) or when the tag is already defined (the script tag and the module on
 * one page: the first wins). Never throws.
 */
export function defineWidgetElement(controller: WidgetController): void {
  if (typeof customElements === 'undefined' || typeof HTMLElement === 'undefined' || customElements.get(ELEMENT_TAG))
    return
  // Elements with a show queued for the next task (several attribute changes in one task show once). No class
  // fields here: at the loader's target they would need the compiler's helpers, a chunk shared with the widget.
  const queued = new WeakSet<HTMLElement>()
  const queue = (element: HTMLElement): void => {
    if (queued.has(element)) return
    queued.add(element)
    later(() => {
      queued.delete(element)
      if (element.isConnected) controller.show(parseEmbedSettings(settingsFromElement(element), 'element'), element)
    })
  }
  class VoiceOSWidgetElement extends HTMLElement {
    static get observedAttributes(): readonly string[] {
      return ELEMENT_ATTRIBUTES
    }

    connectedCallback(): void {
      queue(this)
    }

    disconnectedCallback(): void {
      controller.release(this)
    }

    attributeChangedCallback(): void {
      if (this.isConnected) queue(this)
    }
  }
  try {
    customElements.define(ELEMENT_TAG, VoiceOSWidgetElement)
  } catch (error) {
    console.error(`[VoiceOS] could not define <${ELEMENT_TAG}>`, error)
  }
}
