/**
 * Where the assistant's audio plays. The default sink creates one hidden `<audio>` element per played
 * participant; tests inject their own. The engine removes every element it was given on teardown.
 * @module
 */

/** A playing element; `remove()` detaches it from the page. */
export interface AudioPlayer {
  remove(): void
}

/** Plays a remote audio track. */
export interface AudioSink<P extends AudioPlayer = AudioPlayer> {
  /**
   * Starts playing `track` and resolves with its player once playback began. Rejects when playback is refused
   * (e.g. autoplay policy); then nothing must be left behind.
   */
  play(track: MediaStreamTrack, participantId: string): Promise<P>
}

/** The default sink: an autoplaying `<audio data-participant-id>` appended to `document.body`. */
export const domAudioSink: AudioSink<HTMLAudioElement> = {
  async play(track, participantId) {
    const player = document.createElement('audio')
    player.dataset.participantId = participantId
    player.autoplay = true
    player.srcObject = new MediaStream([track])
    document.body.appendChild(player)
    try {
      await player.play()
    } catch (error) {
      player.remove()
      throw error
    }
    return player
  },
}
